/**
 * A WebSocket's life on the workshop server, from the upgrade at /ws to its close:
 *
 *   hello    one that has not said hello within `helloTimeoutMs` is closed (1008) and, if it does not answer the
 *            close either, dropped a second later
 *   pings    one every `heartbeatMs`; a socket that has not answered the last one by the next is dropped
 *   frames   at most MAX_MESSAGE_BYTES (a larger one: ws closes the connection, 1009); a binary one is `malformed`;
 *            each is parsed and checked against the protocol's valibot schemas (lib/workshop-protocol.ts), and one
 *            that fails is refused while the connection stays
 *   rate     a token bucket per connection (a presenter's is larger): over it `rate-limited`, and a connection that
 *            keeps flooding (MAX_STRIKES) is closed (1008)
 *   origin   a browser's upgrade whose Origin is not the room's own is refused (403) before any WebSocket exists
 *            (sameOrigin): a page of another site opened on a phone or on the presenter's machine cannot join, vote
 *            or use the key, and so never reaches loopback's exemption from the per-address limits either
 *
 * What a valid message does is `handle`'s (server/messages.ts). In a shared room a connection's messages are handled
 * one after another, each waiting for the one before (a vote sent right after the hello waits for the hello's round
 * trips to Redis). The sockets themselves are kept by server/broadcast.ts, which sends to them.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { MAX_MESSAGE_BYTES, parseClientMessage, type ClientMessage } from '../lib/workshop-protocol.ts';
import type { Broadcast } from './broadcast.ts';
import { Bucket } from './bucket.ts';
import { refuse, type Conn } from './conn.ts';
import type { Counters } from './context.ts';
import { isLoopback } from './limits.ts';

/**
 * A flooding connection is closed after more than this many messages over its rate (the strikes are a bucket of this
 * size, refilled at the rate too).
 */
const MAX_STRIKES = 40;
/** A peer that answers no close is not waited for (ws would wait 30 s). */
const CLOSE_GRACE_MS = 1000;

/** A token bucket: messages per second and burst. */
export interface Rate {
  readonly perSecond: number;
  readonly burst: number;
}

export interface ConnectionOptions {
  /** A participant's bucket; a presenter's is at least 30 a second, with a burst of at least 60. */
  readonly rate: Rate;
  readonly heartbeatMs: number;
  readonly helloTimeoutMs: number;
  /**
   * Count a socket from loopback by its `X-Real-IP` header, and take its `X-Forwarded-Host` for the host the browser
   * asked for (behind server/nginx.conf.example).
   */
  readonly trustProxy: boolean;
  /** Origins besides the Host's own that may open a WebSocket (the room's public address, `--origin`). */
  readonly origins: readonly string[];
  /** Each connection's messages one after another (a shared room), or each as it comes. */
  readonly serial: boolean;
  /** Does the upgrade carry the room's presenter cookie (server/secret.ts)? */
  readonly presenterCookie: (req: IncomingMessage) => boolean;
  readonly counters: Counters;
  readonly broadcast: Broadcast;
  readonly handle: (c: Conn, msg: ClientMessage) => Promise<void>;
  readonly warn: (message: string) => void;
}

export class Connections {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, clientTracking: false });
  private readonly presenterRate: Rate;
  private readonly heartbeat: NodeJS.Timeout;
  private seq = 0;

  constructor(private readonly o: ConnectionOptions) {
    this.presenterRate = { perSecond: Math.max(o.rate.perSecond, 30), burst: Math.max(o.rate.burst, 60) };
    this.wss.on('connection', (ws: WebSocket, req: IncomingMessage) => this.open(ws, req));
    this.heartbeat = setInterval(() => this.ping(), o.heartbeatMs);
  }

  /** An HTTP upgrade to /ws: the WebSocket handshake, then the connection's life. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!sameOrigin(req, this.o.trustProxy, this.o.origins)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  /** Stops the pings and closes every socket (1001, the server is going away). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const c of this.o.broadcast.conns) c.ws.close(1001, 'server closing');
  }

  /** Drops every socket still open (one that did not answer the close). */
  terminate(): void {
    for (const c of this.o.broadcast.conns) c.ws.terminate();
  }

  private open(ws: WebSocket, req: IncomingMessage): void {
    const { broadcast } = this.o;
    const c: Conn = {
      ws,
      id: ++this.seq,
      queue: Promise.resolve(),
      address: this.peerAddress(req),
      presenterCookie: this.o.presenterCookie(req),
      role: null,
      pid: null,
      rate: new Bucket(this.o.rate.burst, this.o.rate.perSecond / 1000, performance.now()),
      strikes: new Bucket(MAX_STRIKES, this.o.rate.perSecond / 1000, performance.now()),
      alive: true,
    };
    broadcast.add(c);
    let graceTimer: NodeJS.Timeout | null = null;
    const helloTimer = setTimeout(() => {
      if (c.role !== null) return;
      ws.close(1008, 'hello first');
      graceTimer = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
    }, this.o.helloTimeoutMs);
    ws.on('pong', () => (c.alive = true));
    ws.on('message', (data, isBinary) => this.message(c, data, isBinary));
    ws.on('error', () => ws.terminate()); // e.g. a frame over maxPayload: ws closes with 1009
    ws.on('close', () => {
      clearTimeout(helloTimer);
      if (graceTimer) clearTimeout(graceTimer);
      broadcast.remove(c);
    });
  }

  private peerAddress(req: IncomingMessage): string {
    const peer = req.socket.remoteAddress ?? '?';
    const real = req.headers['x-real-ip'];
    if (!this.o.trustProxy || !isLoopback(peer) || typeof real !== 'string') return peer;
    return isIP(real.trim()) ? real.trim() : peer;
  }

  private ping(): void {
    for (const c of this.o.broadcast.conns) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  private message(c: Conn, data: RawData, isBinary: boolean): void {
    if (c.ws.readyState !== WebSocket.OPEN) return; // closing: what is still in flight is dropped
    if (!this.allow(c)) return;
    if (isBinary) return refuse(c, 'malformed');
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as Buffer).toString('utf8');
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return refuse(c, parsed.reason);
    const msg = parsed.msg;
    const failed = (err: unknown): void => this.o.warn(`message handling failed: ${String(err)}`);
    if (this.o.serial) {
      c.queue = c.queue.then(() => this.o.handle(c, msg)).catch(failed);
      return;
    }
    this.o.handle(c, msg).catch(failed);
  }

  /** Takes a token from the connection's bucket, or refuses the message (and closes a connection that floods). */
  private allow(c: Conn): boolean {
    const r = c.role === 'presenter' ? this.presenterRate : this.o.rate;
    const t = performance.now();
    c.rate.resize(t, r.burst, r.perSecond / 1000);
    c.strikes.resize(t, MAX_STRIKES, r.perSecond / 1000);
    if (c.rate.take(t)) return true;
    this.o.counters.rateLimited++;
    if (!c.strikes.take(t)) {
      this.o.counters.closedForFlooding++;
      c.ws.close(1008, 'flooding');
    } else {
      refuse(c, 'rate-limited');
    }
    return false;
  }
}

/**
 * Is this upgrade from the room's own pages? A client that sends no Origin is not a browser (the bench, the tests'
 * phones, a script: what it may do is the limits' business) and is let in. A browser always sends one: it must be
 * one of `origins` (the room's configured public address), or name the host the browser asked for, the request's
 * Host (with the port) or, from a proxy on this machine when `trustProxy`, its `X-Forwarded-Host`. The scheme is not
 * compared with the Host (behind a proxy that ends TLS an https page talks to this http server); `null` (a sandboxed
 * frame, a file) is refused.
 */
export function sameOrigin(req: IncomingMessage, trustProxy: boolean, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (origins.includes(url.origin)) return true;
  const hosts = [req.headers.host];
  const forwarded = req.headers['x-forwarded-host'];
  if (trustProxy && isLoopback(req.socket.remoteAddress) && typeof forwarded === 'string') {
    hosts.push(forwarded.split(',')[0]!.trim());
  }
  return hosts.some((host) => host !== undefined && hostOf(url.protocol, host) === url.host);
}

/** A Host header as URL.host writes it for `protocol` (lower case, the scheme's default port left out), or null. */
function hostOf(protocol: string, host: string): string | null {
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

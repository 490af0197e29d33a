/**
 * The workshop's WebSocket (`/ws` on the page's own host, `wss:` under https): connects, says hello, hands every
 * valid server message on, and reconnects by itself with backoff (src/workshop-state.ts's `backoffMs`) until it is
 * stopped or refused for good. What it receives is validated (lib/workshop-protocol.ts); anything else is dropped.
 */
import { parseServerMessage, type ClientMessage, type ServerMessage } from '../lib/workshop-protocol.ts';
import { backoffMs } from './workshop-state.ts';

export interface LinkHandlers {
  /** The first message of each new connection. */
  hello: () => ClientMessage;
  onOpen: () => void;
  onMessage: (msg: ServerMessage) => void;
  /** The connection dropped (or never opened); `retryMs`: when the next try starts. */
  onClose: (retryMs: number) => void;
  /** How many tries have failed in a row (the state's `attempts`). */
  attempts: () => number;
  /** Stop trying (refused for good). */
  stopped: () => boolean;
}

const PING_MS = 20_000;

export function wsUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws`;
}

export class WorkshopLink {
  private socket: WebSocket | null = null;
  private retry: number | undefined;
  private ping: number | undefined;

  constructor(
    private readonly url: string,
    private readonly h: LinkHandlers,
  ) {}

  start(): void {
    if (this.socket || this.h.stopped()) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = ws;
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify(this.h.hello()));
      this.h.onOpen();
      this.ping = window.setInterval(() => this.send({ type: 'ping' }), PING_MS);
    });
    ws.addEventListener('message', (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      const msg = parseServerMessage(e.data);
      if (msg) this.h.onMessage(msg);
    });
    ws.addEventListener('close', () => {
      window.clearInterval(this.ping);
      if (this.socket === ws) this.socket = null;
      this.scheduleRetry();
    });
  }

  /** Drops the connection: the next one (after the backoff) says hello again. */
  reconnect(): void {
    this.socket?.close();
  }

  /** Sends now if the link is open; false otherwise (nothing is queued: the next welcome tells the state). */
  send(msg: ClientMessage): boolean {
    const ws = this.socket;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  private scheduleRetry(): void {
    if (this.h.stopped()) {
      this.h.onClose(-1);
      return;
    }
    const ms = backoffMs(this.h.attempts(), Math.random());
    this.h.onClose(ms);
    window.clearTimeout(this.retry);
    this.retry = window.setTimeout(() => this.start(), ms);
  }
}

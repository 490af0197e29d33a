/**
 * One client's WebSocket as the workshop server keeps it, and sending to it. server/connection.ts makes a Conn for
 * each socket and keeps its rate and its pings; server/hello.ts gives it a role (and a participant's pid);
 * server/broadcast.ts finds it by them. A frame goes only to a socket that is still open: one closing drops it.
 */
import type * as v from 'valibot';
import { WebSocket } from 'ws';
import type { Hello, RefusalReason, ServerMessage } from '../lib/workshop-protocol.ts';
import type { Bucket } from './bucket.ts';

/** Who a connection is once its hello is answered: the hello's `role`. */
export type Role = v.InferOutput<typeof Hello>['role'];

export interface Conn {
  readonly ws: WebSocket;
  /** This process's number of the socket (a slide change is not echoed to the page that made it). */
  readonly id: number;
  /** Shared rooms: the connection's messages are handled one after another (each may wait for Redis). */
  queue: Promise<void>;
  /** The peer's address, for the per-address limits. */
  readonly address: string;
  /** The upgrade carried the room's presenter cookie (server/secret.ts): a presenter hello needs no secret then. */
  readonly presenterCookie: boolean;
  /** null until the hello is answered. */
  role: Role | null;
  /** A participant's id, from their hello. */
  pid: string | null;
  /** The token bucket of the connection's messages (server/connection.ts), */
  readonly rate: Bucket;
  /** and of its messages over that rate (they refill at the rate too; a connection that runs out is closed). */
  readonly strikes: Bucket;
  /** Answered the last ping. */
  alive: boolean;
}

export function send(c: Conn, msg: ServerMessage): void {
  if (c.ws.readyState === WebSocket.OPEN) c.ws.send(JSON.stringify(msg));
}

/** A text frame already encoded; a Buffer is one encoding shared by many sends (a broadcast). */
export function sendRaw(c: Conn, text: string | Buffer): void {
  if (c.ws.readyState === WebSocket.OPEN) c.ws.send(text, { binary: false });
}

export function refuse(c: Conn, reason: RefusalReason): void {
  send(c, { type: 'refused', reason });
}

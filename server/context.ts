/**
 * What the handlers of a connection's messages share (server/hello.ts, server/messages.ts): the room and where its
 * events go (this process's log, or Redis), the limits' gates and counters, and the broadcast. startWorkshop
 * (server/server.ts) makes it once.
 */
import type { ServerMessage } from '../lib/workshop-protocol.ts';
import type { Broadcast } from './broadcast.ts';
import type { Journal } from './journal.ts';
import type { JoinGate, Limits, Renames } from './limits.ts';
import type { Room } from './poll.ts';
import type { SharedRoom } from './redis-room.ts';

/** What this process counts for the presenter's stats and the server's `stats()`. */
export interface Counters {
  refusedPresenterMessages: number;
  rateLimited: number;
  closedForFlooding: number;
  votes: number;
}

export interface RoomContext {
  /** This process's room: the truth, or a shared room's replica. */
  readonly room: Room;
  /** The room's code. */
  readonly code: string;
  /** The presenter's secret. */
  readonly secret: string;
  /** A room shared through Redis, which decides every event; null: this process decides and logs them. */
  readonly shared: SharedRoom | null;
  readonly journal: Journal;
  readonly broadcast: Broadcast;
  readonly limits: Limits;
  readonly joinGate: JoinGate;
  /** A participant's renames, coalesced on their way to the log (server/limits.ts). */
  readonly renames: Renames;
  readonly counters: Counters;
  /** The clock of the events' `at`. */
  readonly now: () => number;
  /** The presenter's `stats` as of now. */
  readonly stats: () => ServerMessage;
}

import { createContext } from '@lit/context';

/** The room's results in a workshop, as the server sends them (lib/workshop-protocol.ts's Results). */
export interface RoomResults {
  readonly participants: number;
  readonly questions: readonly { readonly qid: string; readonly answered: number; readonly right: number }[];
  readonly top?: readonly { readonly nick: string; readonly right: number }[] | undefined;
}

/** What a workshop tells the deck's demos: the room's results (the summary), and where phones join (the title). */
export interface WorkshopView {
  /** null: no results yet, or no workshop. */
  readonly room: RoomResults | null;
  /** The address phones join at, on the presenter's projected deck; '' anywhere else. */
  readonly join: string;
}

export const NO_WORKSHOP: WorkshopView = { room: null, join: '' };

/**
 * The workshop's view, provided by the deck on its `.reveal` element (src/main.ts; src/workshop-start.ts sets its
 * value) and consumed by any demo that shows it (`ContextConsumer` with `subscribe: true`), so the shell never looks
 * a demo up by its tag. Outside the deck (an embed) nothing provides it and a demo keeps its own value.
 */
export const workshopContext = createContext<WorkshopView>(Symbol('hsw-workshop'));

import type { RevealApi } from 'reveal.js';
import { render } from 'lit';
import { keysBelongTo } from './dialog-keys.ts';
import type { Lang } from '../lib/i18n.ts';
import type { WorkshopOptions } from './plugins/workshop.ts';
import { readStored, writeStored } from '../lib/storage.ts';
import { checkNick, workshopFromSearch, type NickProblem } from '../lib/workshop-protocol.ts';
import { parsePid, pidFromBytes } from './workshop-state.ts';
import type { Owned } from './owned.ts';
import { joinTemplate } from './workshop-ui.ts';
import { WorkshopSession, type Controls, type Role } from './workshop-session.ts';

const PID_KEY = 'how-servers-wait:workshop-pid';
const nickKey = (room: string) => `how-servers-wait:workshop-nick:${room}`;

/**
 * Workshop mode's work in the deck (src/plugins/workshop.ts loads it when the address has `?workshop=`). With
 * `&role=presenter` (the address the server moves the presenter to, with a cookie for the secret: server/http.ts)
 * the page is the presenter's projected deck: it tells the server every slide and demo step, opens a
 * quiz slide's poll when it is shown, reveals with R (the quiz-presenter plugin's key, which calls the quiz's
 * `requestReveal`), steps the deck when the remote says so, and has a panel (W). Without it it is a participant's
 * phone: a join sheet, following the presenter, votes. The state is src/workshop-state.ts's reducer; quizzes get it as
 * their `live` property; the summary (the room's results) and the title's map (the join address) through the deck's
 * workshop view (components/ui/workshop-context.ts).
 */
export function startWorkshop(deck: RevealApi, options: WorkshopOptions, owned: Owned): (() => void) | null {
  const where = workshopFromSearch(window.location.search);
  if (!where) return null;
  const role: Role = where.presenter ? 'presenter' : 'participant';
  const storedNick = role === 'participant' ? readStored(nickKey(where.room)) : '';
  const pid = role === 'participant' ? participantId() : null;
  const ui = mountControls(deck.getRevealElement() ?? document.body, role);
  const session = new WorkshopSession(deck, options, { role, room: where.room, pid, nick: storedNick ?? '' }, ui);
  session.bind(owned);
  /** This module loads after the deck started, or before it is ready: either way, once it is. */
  const whenReady = (fn: () => void) => {
    if (deck.isReady()) fn();
    else owned.on(deck, 'ready', fn);
  };
  // The summary and the title may connect later than this module: paint them when the deck is ready.
  whenReady(session.paint);
  if (role === 'participant' && storedNick === null) {
    askNickname(
      ui.join,
      () => options.getLang(),
      where.room,
      (nick) => session.join(nick),
    );
    whenReady(() => ui.join.showModal());
  } else whenReady(session.connect);
  session.paint();
  return session.paint;
}

function participantId(): string {
  const stored = parsePid(readStored(PID_KEY));
  if (stored) return stored;
  const bytes = new Uint8Array(22);
  crypto.getRandomValues(bytes);
  const pid = pidFromBytes(bytes);
  writeStored(PID_KEY, pid);
  return pid;
}

function dialog(className: string, labelledBy: string): HTMLDialogElement {
  const d = document.createElement('dialog');
  d.className = `hsw-dialog workshop-dialog ${className}`;
  d.setAttribute('aria-labelledby', labelledBy);
  return d;
}

/** Puts the workshop's controls into the deck's element; a participant's dialogs keep their keys to themselves. */
function mountControls(root: HTMLElement, role: Role): Controls {
  const bar = document.createElement('div');
  bar.className = 'workshop-bar-host';
  root.append(bar);
  const panel = dialog('workshop-panel', 'workshop-panel-title');
  const join = dialog('workshop-join', 'workshop-join-title');
  for (const d of [panel, join]) {
    keysBelongTo(d);
    root.append(d);
  }
  // The host's question shown over the deck (src/workshop-host-ui.ts): a phone's is modal (its keys its own); the
  // projector's is not, so that the clicker still steps the deck behind it.
  const sheet = dialog('workshop-question', 'workshop-question-title');
  if (role === 'participant') keysBelongTo(sheet);
  root.append(sheet);
  return { root, bar, panel, join, sheet };
}

/**
 * A participant's first visit: the join sheet. Joining, or closing it (Esc), joins with the nickname typed (or none):
 * it is stored for the room and `joined` hears it. A nickname the server would refuse (checkNick) keeps the sheet open
 * and says why; closing it then joins without one.
 */
function askNickname(join: HTMLDialogElement, lang: () => Lang, room: string, joined: (nick: string) => void): void {
  const finish = (typed: string): NickProblem | null => {
    const checked = checkNick(typed);
    if (!checked.ok && join.open) {
      render(joinTemplate(lang(), typed, finish, checked.problem), join);
      join.querySelector('input')?.focus();
      return checked.problem;
    }
    const nick = checked.ok ? checked.nick : '';
    writeStored(nickKey(room), nick);
    if (join.open) join.close();
    joined(nick);
    return null;
  };
  render(joinTemplate(lang(), '', finish), join);
  join.addEventListener('close', () => finish(join.querySelector('input')?.value ?? ''));
}

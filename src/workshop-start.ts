import type { RevealApi } from 'reveal.js';
import { keysBelongTo } from './dialog-keys.ts';
import { saveExport } from './workshop-export.ts';
import type { Lang } from '../lib/i18n.ts';
import { render } from 'lit';
import type { WorkshopOptions } from './plugins/workshop.ts';
import { readStored, writeStored } from '../lib/storage.ts';
import { checkNick, workshopFromSearch, type ClientMessage, type NickProblem } from '../lib/workshop-protocol.ts';
import { slideById, slides } from '../slides/index.ts';
import { votingStep } from '../slides/types.ts';
import {
  followTarget,
  helloFor,
  initialWorkshopState,
  parsePid,
  pidFromBytes,
  pollsToOpen,
  quizLiveFor,
  reduce,
  saysHelloAgain,
  speakerStatusFor,
  type WorkshopEvent,
  type WorkshopState,
} from './workshop-state.ts';
import { WorkshopLink, wsUrl } from './workshop-link.ts';
import { MOVES } from './deck-position.ts';
import { WORKSHOP_COMMAND_EVENT, WORKSHOP_STATUS_EVENT, type WorkshopCommand } from './speaker-protocol.ts';
import { watchQuizzes } from './workshop-quizzes.ts';
import type { Owned } from './owned.ts';
import { barTemplate, joinTemplate, panelTemplate, type PanelContext } from './workshop-ui.ts';
import { hostSheetTemplate, hostSlideTemplate, sizeBars } from './workshop-host-ui.ts';
import { workshopText } from './plugins/workshop-text.ts';

const PID_KEY = 'how-servers-wait:workshop-pid';
const nickKey = (room: string) => `how-servers-wait:workshop-nick:${room}`;
const KEY_W = 87;

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
  return start(deck, where, options, owned);
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

function start(
  deck: RevealApi,
  where: { room: string; presenter: boolean },
  options: WorkshopOptions,
  owned: Owned,
): () => void {
  const role = where.presenter ? 'presenter' : 'participant';
  const storedNick = role === 'participant' ? readStored(nickKey(where.room)) : '';
  let state: WorkshopState = initialWorkshopState({
    role,
    room: where.room,
    pid: role === 'participant' ? participantId() : null,
    nick: storedNick ?? '',
  });
  document.documentElement.classList.add('workshop', `workshop-${role}`);
  const lang = () => options.getLang();
  const joinUrl = `${window.location.origin}/${where.room}`;
  let exportError: string | null = null;

  const link = new WorkshopLink(wsUrl(window.location), {
    hello: () => helloFor(state),
    onOpen: () => dispatch({ kind: 'open' }),
    onMessage: (msg) => {
      const wasOpen = state.link === 'open';
      dispatch({ kind: 'message', msg });
      if (msg.type === 'welcome' && role === 'presenter' && !wasOpen) announce();
      if (saysHelloAgain(msg)) link.reconnect();
    },
    onClose: () => dispatch({ kind: 'closed' }),
    attempts: () => state.attempts,
    stopped: () => state.link === 'refused',
  });
  const send = (msg: ClientMessage): boolean => link.send(msg);

  // ------------------------------------------------------------------------------ the page's own controls
  const root = deck.getRevealElement() ?? document.body;
  const bar = document.createElement('div');
  bar.className = 'workshop-bar-host';
  root.append(bar);
  const panel = document.createElement('dialog');
  panel.className = 'hsw-dialog workshop-dialog workshop-panel';
  panel.setAttribute('aria-labelledby', 'workshop-panel-title');
  const join = document.createElement('dialog');
  join.className = 'hsw-dialog workshop-dialog workshop-join';
  join.setAttribute('aria-labelledby', 'workshop-join-title');
  for (const d of [panel, join]) {
    keysBelongTo(d);
    root.append(d);
  }
  // The host's question shown over the deck (src/workshop-host-ui.ts): a phone's is modal (its keys its own); the
  // projector's is not, so that the clicker still steps the deck behind it.
  const sheet = document.createElement('dialog');
  sheet.className = 'hsw-dialog workshop-dialog workshop-question';
  sheet.setAttribute('aria-labelledby', 'workshop-question-title');
  if (role === 'participant') keysBelongTo(sheet);
  root.append(sheet);
  sheet.addEventListener('close', () => {
    if (state.shownQuestion !== null) dispatch({ kind: 'show-question', qid: null });
  });
  if (role === 'presenter') void import('../components/ui/qr-code.ts');

  // ------------------------------------------------------------------------------ where the deck is
  /** The deck's position (src/deck-position.ts) as the workshop's protocol has it. */
  const here = () => {
    const now = options.position.current();
    return {
      id: now?.slide ? now.slideId : (slides[0]?.id ?? 'title'),
      index: Math.max(0, now?.index ?? 0),
      step: now?.step ?? 0,
    };
  };
  /** The host's question whose own slide (a plan's `question: <id>`, src/main.ts) the deck is on, or null. */
  const hostQidHere = (): string | null => options.position.current()?.slide?.dataset['hostQuestion'] ?? null;
  const currentQids = (): readonly string[] => {
    const host = hostQidHere();
    if (host !== null) return state.questions.some((q) => q.qid === host) ? [host] : [];
    return slideById(here().id)?.demo?.quizzes ?? [];
  };

  /**
   * Presenter: tell the server where the deck is, and open the slide's question if it was never opened, once the deck
   * is at its "voting" step (the quiz's sequence: the question is shown first; the next press opens the vote).
   */
  function announce(): void {
    if (role !== 'presenter' || state.link !== 'open') return;
    const h = here();
    send({ type: 'slide', slide: h });
    // A host's question's slide: the question first, the next press opens the vote (src/render-host-question.ts).
    const voting = hostQidHere() !== null ? 1 : votingStep(slideById(h.id));
    if (h.step < Math.max(0, voting)) return;
    for (const qid of pollsToOpen(state, currentQids())) send({ type: 'poll', qid, action: 'open' });
  }

  let navigating = false;
  function onDeckMoved(): void {
    if (role === 'presenter') announce();
    else if (!navigating && state.following && state.slide) {
      // A participant who moves on their own stops following (the button brings them back).
      const h = here();
      if (h.index !== state.slide.index || h.step !== state.slide.step) dispatch({ kind: 'follow', on: false });
    }
    paint();
  }
  owned.add(
    options.position.subscribe(({ cause }) => {
      if (MOVES.includes(cause)) onDeckMoved();
    }),
  );

  // ------------------------------------------------------------------------------ quizzes
  const paintQuizzes = watchQuizzes(
    owned,
    options.quizzes,
    (qid) => quizLiveFor(state, qid),
    (qid, asked) => {
      if (asked.action === 'vote' && role === 'participant' && asked.choice !== null) {
        if (send({ type: 'vote', qid, choice: asked.choice }))
          dispatch({ kind: 'vote-sent', qid, choice: asked.choice });
      } else if (asked.action === 'reveal' && role === 'presenter') {
        send({ type: 'poll', qid, action: 'reveal' });
      }
    },
  );

  // ------------------------------------------------------------------------------ state changes
  function dispatch(e: WorkshopEvent): void {
    const prev = state;
    state = reduce(state, e);
    if (state === prev) return;
    if (role === 'participant') follow();
    else
      while (state.nav.length > 0) {
        const dir = state.nav[0];
        state = reduce(state, { kind: 'nav-done' });
        if (dir === 'next') deck.next();
        else deck.prev();
      }
    paint();
  }

  function follow(): void {
    const target = followTarget(state, here());
    if (!target) return;
    navigating = true;
    try {
      deck.slide(target.index, 0, target.step > 0 ? target.step - 1 : -1);
    } finally {
      navigating = false;
    }
  }

  function panelContext(): PanelContext {
    const h = here();
    const qid = currentQids()[0];
    const slide = slideById(h.id);
    const host = state.questions.find((q) => q.qid === qid && q.qid === hostQidHere());
    const title = host ? host.question[lang()] : slide?.title[lang()];
    return {
      question: qid && title !== undefined ? { qid, title, poll: state.polls[qid] ?? null } : null,
      joinUrl,
      exportError,
    };
  }

  function paint(): void {
    const l = lang();
    render(
      barTemplate(state, l, {
        follow: (on) => {
          dispatch({ kind: 'follow', on });
          if (on) follow();
        },
        openPanel: () => openPanel(),
      }),
      bar,
    );
    paintQuizzes();
    paintSheet();
    tellDemos();
    if (panel.open) renderPanel();
    if (role === 'presenter') tellSpeakerView();
  }

  function paintSheet(): void {
    const handlers = {
      vote: (qid: string, choice: number) => {
        if (role === 'participant' && send({ type: 'vote', qid, choice })) dispatch({ kind: 'vote-sent', qid, choice });
      },
      close: () => dispatch({ kind: 'show-question', qid: null }),
    };
    render(hostSheetTemplate(state, lang(), handlers), sheet);
    // A plan's slides of the host's questions.
    for (const el of root.querySelectorAll<HTMLElement>('.slides .host-question[data-host-question]'))
      render(hostSlideTemplate(state, lang(), el.dataset['hostQuestion'] ?? '', handlers), el);
    sizeBars(root);
    // The projector on the question's own slide shows it there, not over it.
    const wanted = state.shownQuestion !== null && !(role === 'presenter' && hostQidHere() === state.shownQuestion);
    if (wanted && !sheet.open) {
      if (role === 'participant') sheet.showModal();
      else sheet.show();
    } else if (!wanted && sheet.open) sheet.close();
  }

  /** The demos' view of the workshop (the summary shows the room's results, the title's map where phones join). */
  let shown: WorkshopState['results'] | undefined;
  function tellDemos(): void {
    if (shown === state.results) return;
    shown = state.results;
    options.view({ room: state.results, join: role === 'presenter' ? joinUrl : '' });
  }

  /**
   * The speaker view's status (src/plugins/speaker-link.ts passes it on) follows the state, the slide and the
   * language: derived and sent when one of them has changed since the last, not on every repaint.
   */
  let told: { state: WorkshopState; slide: string; lang: string } | null = null;
  function tellSpeakerView(): void {
    const now = { state, slide: here().id, lang: lang() };
    if (told && told.state === now.state && told.slide === now.slide && told.lang === now.lang) return;
    told = now;
    const detail = speakerStatusFor(state, joinUrl, panelContext().question);
    window.dispatchEvent(new CustomEvent(WORKSHOP_STATUS_EVENT, { detail }));
  }

  function renderPanel(): void {
    render(
      panelTemplate(state, lang(), panelContext(), {
        poll: (qid, action) => send({ type: 'poll', qid, action }),
        show: (qid) => dispatch({ kind: 'show-question', qid }),
        showTop: (show) => {
          if (send({ type: 'showTop', show })) dispatch({ kind: 'show-top', show });
        },
        exportFile: (kind) => void exportFile(kind),
        close: () => panel.close(),
      }),
      panel,
    );
  }

  async function exportFile(kind: 'csv' | 'json'): Promise<void> {
    const why = await saveExport(kind, where.room);
    exportError = why === null ? null : workshopText[lang()].exportFailed(why);
    renderPanel();
  }

  function openPanel(): void {
    renderPanel();
    if (!panel.open) panel.showModal();
  }

  if (role === 'presenter') {
    // The speaker view's buttons, for the question on the current slide.
    owned.listen(window, WORKSHOP_COMMAND_EVENT, (e) => {
      const action = (e as CustomEvent<WorkshopCommand>).detail;
      const qid = currentQids()[0];
      if (qid) send({ type: 'poll', qid, action });
    });
    owned.key(deck, { keyCode: KEY_W, key: 'W', description: 'Workshop: the panel' }, () =>
      panel.open ? panel.close() : openPanel(),
    );
  }

  /** This module loads after the deck started, or before it is ready: either way, once it is. */
  const whenReady = (fn: () => void) => {
    if (deck.isReady()) fn();
    else owned.on(deck, 'ready', fn);
  };
  // The summary and the title may connect later than this module: paint them when the deck is ready.
  whenReady(paint);

  let started = false;
  const connect = () => {
    if (started) return;
    started = true;
    link.start();
  };
  if (role === 'participant' && storedNick === null) {
    askNickname(join, lang, where.room, (nick) => {
      state = { ...state, nick };
      connect();
    });
    whenReady(() => join.showModal());
  } else {
    whenReady(connect);
  }
  paint();
  return paint;
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

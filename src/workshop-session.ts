/**
 * One page's workshop (src/workshop-start.ts sets it up): the state (src/workshop-state.ts's reducer), the link to the
 * server, and what the page shows of them.
 */
import type { RevealApi } from 'reveal.js';
import { render } from 'lit';
import { saveExport } from './workshop-export.ts';
import type { Lang } from '../lib/i18n.ts';
import type { WorkshopOptions } from './plugins/workshop.ts';
import type { ClientMessage, ServerMessage } from '../lib/workshop-protocol.ts';
import { slideById, slides } from '../slides/index.ts';
import { votingStep } from '../slides/types.ts';
import {
  followTarget,
  helloFor,
  initialWorkshopState,
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
import type { QuizLiveDetail } from '../components/shared/quiz/quiz-protocol.ts';
import type { Owned } from './owned.ts';
import { barTemplate, panelTemplate, type PanelContext } from './workshop-ui.ts';
import { hostSheetTemplate, hostSlideTemplate, sizeBars } from './workshop-host-ui.ts';
import { workshopText } from './plugins/workshop-text.ts';

export type Role = WorkshopState['role'];

/** The page's own controls: the bar, the panel (W), the join sheet and the sheet of the host's question. */
export interface Controls {
  root: HTMLElement;
  bar: HTMLElement;
  panel: HTMLDialogElement;
  join: HTMLDialogElement;
  sheet: HTMLDialogElement;
}

const KEY_W = 87;

/**
 * One page's workshop, in the style of reveal's controllers: the constructor makes the state and the link;
 * `bind` hears the deck, its quizzes and (the presenter's) keys until the plugin's `Owned` is released; `connect` opens
 * the link; `paint` draws everything from the state. Each change goes through `dispatch` (the reducer), then `paint`.
 */
export class WorkshopSession {
  readonly #role: Role;
  readonly #room: string;
  readonly #joinUrl: string;
  readonly #link: WorkshopLink;
  readonly #ui: Controls;
  #state: WorkshopState;
  #exportError: string | null = null;
  /** The participant's deck is moved by `follow`, not by the person: that move does not stop following. */
  #navigating = false;
  #paintQuizzes: () => void = () => {};
  /** What the demos and the speaker view were last told (each is told again only when it has changed). */
  #shown: WorkshopState['results'] | undefined;
  #told: { state: WorkshopState; slide: string; lang: string } | null = null;

  constructor(
    private readonly deck: RevealApi,
    private readonly options: WorkshopOptions,
    who: { role: Role; room: string; pid: string | null; nick: string },
    controls: Controls,
  ) {
    this.#role = who.role;
    this.#room = who.room;
    this.#state = initialWorkshopState(who);
    document.documentElement.classList.add('workshop', `workshop-${who.role}`);
    this.#joinUrl = `${window.location.origin}/${who.room}`;
    this.#link = new WorkshopLink(wsUrl(window.location), {
      hello: () => helloFor(this.#state),
      onOpen: () => this.#dispatch({ kind: 'open' }),
      onMessage: (msg) => this.#onMessage(msg),
      onClose: () => this.#dispatch({ kind: 'closed' }),
      attempts: () => this.#state.attempts,
      stopped: () => this.#state.link === 'refused',
    });
    this.#ui = controls;
    controls.sheet.addEventListener('close', () => {
      if (this.#state.shownQuestion !== null) this.#dispatch({ kind: 'show-question', qid: null });
    });
    if (who.role === 'presenter') void import('../components/ui/qr-code.ts');
  }

  /** Listens to the deck's moves, its quizzes and (the presenter's) the speaker view and W until `owned` is released. */
  bind(owned: Owned): void {
    owned.add(
      this.options.position.subscribe(({ cause }) => {
        if (MOVES.includes(cause)) this.#onDeckMoved();
      }),
    );
    this.#paintQuizzes = watchQuizzes(
      owned,
      this.options.quizzes,
      (qid) => quizLiveFor(this.#state, qid),
      (qid, asked) => this.#onQuizAsked(qid, asked),
    );
    if (this.#role === 'presenter') this.#bindPresenter(owned);
  }

  /** The presenter's: the speaker view's buttons (for the question on the current slide) and the panel's key. */
  #bindPresenter(owned: Owned): void {
    owned.listen(window, WORKSHOP_COMMAND_EVENT, (e) => {
      const action = (e as CustomEvent<WorkshopCommand>).detail;
      const qid = this.#currentQids()[0];
      if (qid) this.#send({ type: 'poll', qid, action });
    });
    owned.key(this.deck, { keyCode: KEY_W, key: 'W', description: 'Workshop: the panel' }, () =>
      this.#ui.panel.open ? this.#ui.panel.close() : this.#openPanel(),
    );
  }

  #started = false;
  /** Opens the link (once). */
  readonly connect = (): void => {
    if (this.#started) return;
    this.#started = true;
    this.#link.start();
  };

  /** A participant's first visit: connects with the nickname the join sheet gave. */
  join(nick: string): void {
    this.#state = { ...this.#state, nick };
    this.connect();
  }

  readonly #lang = (): Lang => this.options.getLang();
  #send(msg: ClientMessage): boolean {
    return this.#link.send(msg);
  }

  // ------------------------------------------------------------------------------ what the server and quizzes say
  #onMessage(msg: ServerMessage): void {
    const wasOpen = this.#state.link === 'open';
    this.#dispatch({ kind: 'message', msg });
    if (msg.type === 'welcome' && this.#role === 'presenter' && !wasOpen) this.#announce();
    if (saysHelloAgain(msg)) this.#link.reconnect();
  }

  #onQuizAsked(qid: string, asked: QuizLiveDetail): void {
    if (asked.action === 'vote' && this.#role === 'participant' && asked.choice !== null) {
      if (this.#send({ type: 'vote', qid, choice: asked.choice }))
        this.#dispatch({ kind: 'vote-sent', qid, choice: asked.choice });
    } else if (asked.action === 'reveal' && this.#role === 'presenter') {
      this.#send({ type: 'poll', qid, action: 'reveal' });
    }
  }

  // ------------------------------------------------------------------------------ where the deck is
  /** The deck's position (src/deck-position.ts) as the workshop's protocol has it. */
  #here(): { id: string; index: number; step: number } {
    const now = this.options.position.current();
    return {
      id: now?.slide ? now.slideId : (slides[0]?.id ?? 'title'),
      index: Math.max(0, now?.index ?? 0),
      step: now?.step ?? 0,
    };
  }

  /** The host's question whose own slide (a plan's `question: <id>`, src/main.ts) the deck is on, or null. */
  #hostQidHere(): string | null {
    return this.options.position.current()?.slide?.dataset['hostQuestion'] ?? null;
  }

  #currentQids(): readonly string[] {
    const host = this.#hostQidHere();
    if (host !== null) return this.#state.questions.some((q) => q.qid === host) ? [host] : [];
    return slideById(this.#here().id)?.demo?.quizzes ?? [];
  }

  /**
   * Presenter: tell the server where the deck is, and open the slide's question if it was never opened, once the deck
   * is at its "voting" step (the quiz's sequence: the question is shown first; the next press opens the vote).
   */
  #announce(): void {
    if (this.#role !== 'presenter' || this.#state.link !== 'open') return;
    const h = this.#here();
    this.#send({ type: 'slide', slide: h });
    // A host's question's slide: the question first, the next press opens the vote (src/render-host-question.ts).
    const voting = this.#hostQidHere() !== null ? 1 : votingStep(slideById(h.id));
    if (h.step < Math.max(0, voting)) return;
    for (const qid of pollsToOpen(this.#state, this.#currentQids())) this.#send({ type: 'poll', qid, action: 'open' });
  }

  #onDeckMoved(): void {
    const state = this.#state;
    if (this.#role === 'presenter') this.#announce();
    else if (!this.#navigating && state.following && state.slide) {
      // A participant who moves on their own stops following (the button brings them back).
      const h = this.#here();
      if (h.index !== state.slide.index || h.step !== state.slide.step) this.#dispatch({ kind: 'follow', on: false });
    }
    this.paint();
  }

  // ------------------------------------------------------------------------------ state changes
  #dispatch(e: WorkshopEvent): void {
    const prev = this.#state;
    this.#state = reduce(prev, e);
    if (this.#state === prev) return;
    if (this.#role === 'participant') this.#follow();
    else
      while (this.#state.nav.length > 0) {
        const dir = this.#state.nav[0];
        this.#state = reduce(this.#state, { kind: 'nav-done' });
        if (dir === 'next') this.deck.next();
        else this.deck.prev();
      }
    this.paint();
  }

  /** A participant who follows: the deck goes where the presenter's is. */
  #follow(): void {
    const target = followTarget(this.#state, this.#here());
    if (!target) return;
    this.#navigating = true;
    try {
      this.deck.slide(target.index, 0, target.step > 0 ? target.step - 1 : -1);
    } finally {
      this.#navigating = false;
    }
  }

  // ------------------------------------------------------------------------------ painting
  /** Draws the bar, the quizzes, the question's sheet, the panel if open, and tells the demos and the speaker view. */
  readonly paint = (): void => {
    render(
      barTemplate(this.#state, this.#lang(), {
        follow: (on) => {
          this.#dispatch({ kind: 'follow', on });
          if (on) this.#follow();
        },
        openPanel: () => this.#openPanel(),
      }),
      this.#ui.bar,
    );
    this.#paintQuizzes();
    this.#paintSheet();
    this.#tellDemos();
    if (this.#ui.panel.open) this.#renderPanel();
    if (this.#role === 'presenter') this.#tellSpeakerView();
  };

  #paintSheet(): void {
    const { root, sheet } = this.#ui;
    const state = this.#state;
    const handlers = {
      vote: (qid: string, choice: number) => {
        if (this.#role === 'participant' && this.#send({ type: 'vote', qid, choice }))
          this.#dispatch({ kind: 'vote-sent', qid, choice });
      },
      close: () => this.#dispatch({ kind: 'show-question', qid: null }),
    };
    render(hostSheetTemplate(state, this.#lang(), handlers), sheet);
    // A plan's slides of the host's questions.
    for (const el of root.querySelectorAll<HTMLElement>('.slides .host-question[data-host-question]'))
      render(hostSlideTemplate(state, this.#lang(), el.dataset['hostQuestion'] ?? '', handlers), el);
    sizeBars(root);
    // The projector on the question's own slide shows it there, not over it.
    const wanted =
      state.shownQuestion !== null && !(this.#role === 'presenter' && this.#hostQidHere() === state.shownQuestion);
    if (wanted && !sheet.open) {
      if (this.#role === 'participant') sheet.showModal();
      else sheet.show();
    } else if (!wanted && sheet.open) sheet.close();
  }

  /** The demos' view of the workshop (the summary shows the room's results, the title's map where phones join). */
  #tellDemos(): void {
    if (this.#shown === this.#state.results) return;
    this.#shown = this.#state.results;
    this.options.view({ room: this.#state.results, join: this.#role === 'presenter' ? this.#joinUrl : '' });
  }

  /**
   * The speaker view's status (src/plugins/speaker-link.ts passes it on) follows the state, the slide and the
   * language: derived and sent when one of them has changed since the last, not on every repaint.
   */
  #tellSpeakerView(): void {
    const now = { state: this.#state, slide: this.#here().id, lang: this.#lang() };
    const told = this.#told;
    if (told && told.state === now.state && told.slide === now.slide && told.lang === now.lang) return;
    this.#told = now;
    const detail = speakerStatusFor(this.#state, this.#joinUrl, this.#panelContext().question);
    window.dispatchEvent(new CustomEvent(WORKSHOP_STATUS_EVENT, { detail }));
  }

  // ------------------------------------------------------------------------------ the presenter's panel
  #panelContext(): PanelContext {
    const lang = this.#lang();
    const qid = this.#currentQids()[0];
    const slide = slideById(this.#here().id);
    const host = this.#state.questions.find((q) => q.qid === qid && q.qid === this.#hostQidHere());
    const title = host ? host.question[lang] : slide?.title[lang];
    return {
      question: qid && title !== undefined ? { qid, title, poll: this.#state.polls[qid] ?? null } : null,
      joinUrl: this.#joinUrl,
      exportError: this.#exportError,
    };
  }

  #renderPanel(): void {
    const { panel } = this.#ui;
    render(
      panelTemplate(this.#state, this.#lang(), this.#panelContext(), {
        poll: (qid, action) => this.#send({ type: 'poll', qid, action }),
        show: (qid) => this.#dispatch({ kind: 'show-question', qid }),
        showTop: (show) => {
          if (this.#send({ type: 'showTop', show })) this.#dispatch({ kind: 'show-top', show });
        },
        exportFile: (kind) => void this.#exportFile(kind),
        close: () => panel.close(),
      }),
      panel,
    );
  }

  async #exportFile(kind: 'csv' | 'json'): Promise<void> {
    const why = await saveExport(kind, this.#room);
    this.#exportError = why === null ? null : workshopText[this.#lang()].exportFailed(why);
    this.#renderPanel();
  }

  #openPanel(): void {
    this.#renderPanel();
    if (!this.#ui.panel.open) this.#ui.panel.showModal();
  }
}

import Reveal from 'reveal.js';
import 'reveal.js/reset.css';
import 'reveal.js/reveal.css';
import '../assets/theme.css';
import '../assets/page.css';
import '../assets/controls.css';
import '../assets/deck.css';
import { render } from 'lit';
import { slides } from '../slides/index.ts';
import { slideTemplate, type TextState } from './render-slide.ts';
import { loadSlideText, slideText } from './slide-text.ts';
import { pageAddress, PRESENTING_EVENT, resolvePageMode } from './page-mode.ts';
import { planFor } from '../slides/plans.ts';
import { entrySteps, planChapters, type PlanEntry } from '../slides/plan.ts';
import { planMessage } from './deck-plan.ts';
import { planText } from './plan-text.ts';
import { dividerTemplate } from './render-divider.ts';
import { hostQuestionSlideTemplate } from './render-host-question.ts';
import { deckText } from './deck-text.ts';
import type { Lang } from '../lib/i18n.ts';
import {
  applyPrefsToDocument,
  currentPrefs,
  PREFS_CHANGED,
  prefersReducedMotion,
  rememberLang,
  rememberTheme,
  setUrlParam,
  type Theme,
} from './prefs.ts';
import { DemoKeys } from './plugins/demo-keys.ts';
import { DeckPosition } from './deck-position.ts';
import { ConnectedQuizzes } from './connected-quizzes.ts';
import { SpeakerLink } from './plugins/speaker-link.ts';
import { installMessageGate } from './speaker-protocol.ts';
import { checkAddress, shortened } from './address.ts';
import { speakerSteps } from '../slides/types.ts';
import { SLIDE_HEIGHT, SLIDE_MARGIN, SLIDE_WIDTH } from './deck-size.ts';
import { DemoLifecycle, loadDemo } from './plugins/demo-lifecycle.ts';
import { DeckChrome } from './plugins/deck-chrome.ts';
import { QuizPresenter } from './plugins/quiz-presenter.ts';
import { Workshop } from './plugins/workshop.ts';
import { ContextProvider } from '@lit/context';
import { NO_WORKSHOP, workshopContext } from '../components/ui/workshop-context.ts';
import { showToast } from './toast.ts';
import { Owned } from './owned.ts';
// The deck's first slide's demo (the chapter map, a few hundred bytes) ships with the deck, defined before reveal starts.
import '../components/chapter-map/chapter-map-element.ts';

// First of all: no message from another origin reaches any listener of this page (reveal's postMessage API included).
// It stays for the page's life, even after the deck is destroyed.
installMessageGate();

/** The shell's own listeners (the address, presenting, the window's size, the overview's keys): reveal's `destroy`
 * takes them back, with every plugin's (the `shell` plugin below). */
const shell = new Owned();

const prefs = currentPrefs();
let lang: Lang = prefs.lang;
let theme: Theme = prefs.theme;
applyPrefsToDocument(prefs);

const slidesEl = document.querySelector<HTMLElement>('.reveal .slides');
if (!slidesEl) throw new Error('index.html lacks .reveal .slides');

/**
 * The workshop's view for the demos that show it (components/ui/workshop-context.ts), provided on the slides'
 * container from the start, so a demo made before a workshop starts hears of it: set by src/workshop-start.ts.
 */
const workshopView = new ContextProvider(slidesEl, { context: workshopContext, initialValue: NO_WORKSHOP });

/**
 * What the deck shows, in order (slides/plan.ts): without `?plan=` the manifest as it is; with a plan, its slides
 * with a divider opening each chapter, then the slides outside it, uncounted (reveal's `data-visibility`: no slide
 * number, no progress), reachable by address and the overview.
 */
const plan = planFor(pageAddress().plan);
const entries: readonly PlanEntry[] = plan.entries;
/** The chapters the title's map and the summary show: a plan's own (each from its divider), else the deck's. */
const chapters = plan.name ? planChapters(plan) : undefined;

const sections = new Map(
  entries.map((entry) => {
    const section = document.createElement('section');
    section.id = entry.id;
    if (entry.kind === 'divider') {
      section.dataset['chapter'] = entry.chapter;
      section.dataset['divider'] = 'true';
      section.dataset['presented'] = 'true';
    } else if (entry.kind === 'question') {
      section.dataset['hostQuestion'] = entry.qid;
      section.dataset['presented'] = 'true';
    } else {
      section.dataset['chapter'] = entry.slide.chapter;
      // Laid out for presenting: the presented type scale applies to it (assets/deck.css).
      if (entry.slide.presented) section.dataset['presented'] = 'true';
      if (!entry.inPlan) section.dataset['visibility'] = 'uncounted';
    }
    slidesEl.append(section);
    return [entry.id, section] as const;
  }),
);

/** Slides whose words failed to load: they say so (and are not asked for again until a reload). */
const failedText = new Set<string>();
const textState = (id: string): TextState => (failedText.has(id) ? 'failed' : slideText(id));

function renderSlide(slide: (typeof slides)[number]): void {
  const section = sections.get(slide.id);
  if (section)
    render(slideTemplate(slide, lang, textState(slide.id), presenting && slide.presented === true, chapters), section);
}

/** Every slide from the manifest (title, demo, step fragments), each with its words if they have arrived. */
function renderAll(): void {
  for (const entry of entries) {
    const section = sections.get(entry.id);
    if (entry.kind === 'slide') renderSlide(entry.slide);
    else if (section && entry.kind === 'question') render(hostQuestionSlideTemplate(entry.qid, lang), section);
    else if (section && entry.kind === 'divider') render(dividerTemplate(entry.chapter, entry.number, lang), section);
  }
  document.title = `${slides[0]?.title[lang] ?? ''} · ${deckText[lang].deckTitle}`;
  // The label of the handout's notes pages (assets/deck.css), as a CSS string.
  document.documentElement.style.setProperty('--hsw-notes-label', JSON.stringify(deckText[lang].speakerNotes));
}

/**
 * Loads a slide's words (`slides/text/<id>.ts`) and renders the slide with them. The first slide's arrive before
 * reveal starts; the others' when their slide is shown or near (the lifecycle asks); in print, all before reveal
 * lays out the pages. (The speaker view loads the notes it shows itself.)
 */
function loadText(id: string): Promise<void> {
  const slide = slides.find((s) => s.id === id);
  if (!slide || slideText(id) || failedText.has(id)) return Promise.resolve();
  return loadSlideText(id).then(
    () => {
      renderSlide(slide);
    },
    (error: unknown) => {
      console.warn(`the text of slide ${id} failed to load`, error);
      failedText.add(id);
      renderSlide(slide);
      showToast(deckText[lang].textFailed + ` (${id})`);
    },
  );
}

/** The slide the address opens at (`#/<id>…` or `#/<index>…`), else the first. */
function slideIdFromHash(hash: string): string {
  const first = entries[0]?.id ?? '';
  const m = /^#\/([^/?]+)/.exec(hash);
  if (!m?.[1]) return first;
  let id = m[1];
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep it raw */
  }
  if (/^\d+$/.test(id)) return entries[Number(id)]?.id ?? first;
  return entries.some((s) => s.id === id) ? id : first;
}

/**
 * An address a person mistyped (an unknown slide, a step that is not one) is corrected before reveal reads it, and a
 * short message says what was not found and where the deck went: at load, the first slide for an unknown id; once
 * the deck is open, it stays where it is. reveal would otherwise drop or rewrite it without a word.
 */
const addressSlides = entries.map((e) => ({ id: e.id, steps: entrySteps(e, speakerSteps) }));
function correctAddress(fallback: string): void {
  const check = checkAddress(window.location.hash, addressSlides, fallback);
  if (!check?.problem) return;
  window.history.replaceState(window.history.state, '', check.canonical);
  const t = deckText[lang];
  const title = (id: string) => {
    const entry = entries.find((e) => e.id === id);
    if (entry?.kind === 'question') return planText[lang].hostQuestion;
    return entry?.kind === 'slide' ? entry.slide.title[lang] : entry ? planText[lang].questions[entry.chapter] : id;
  };
  const { problem } = check;
  showToast(
    problem.kind === 'unknown-slide'
      ? t.unknownHash(shortened(problem.id), title(check.slideId))
      : (problem.kind === 'past-last' ? t.pastLastStepHash : t.badStepHash)(
          shortened(problem.step),
          title(problem.id),
          problem.fragments,
        ),
  );
}
correctAddress(entries[0]?.id ?? '');
// Registered before reveal's own listener (which `initialize` adds), so reveal reads the corrected address.
shell.listen(window, 'hashchange', () => correctAddress(position.current()?.slide?.id ?? entries[0]?.id ?? ''), {
  capture: true,
});
// A plan from the address that was not all right says what the deck did instead (an unknown id left out, an unknown
// plan's name: the full deck), as text.
{
  const message = planMessage(plan.problems, lang);
  if (message) showToast(message, 15_000);
}

const printing = resolvePageMode(window.location.search).print;
/**
 * Presenting (src/page-mode.ts): the presented type scale (`html.presenting`, assets/deck.css) and the slides'
 * disclosures closed. It can start or stop while the deck is open (`setPresenting`): the slides re-render.
 */
let presenting = resolvePageMode(window.location.search).presenting;
document.documentElement.classList.toggle('presenting', presenting);
shell.listen(window, PRESENTING_EVENT, () => {
  presenting = resolvePageMode(window.location.search, deck).presenting;
  document.documentElement.classList.toggle('presenting', presenting);
  renderAll();
});
const firstId = slideIdFromHash(window.location.hash);
const onDemoError = (id: string) => showToast(deckText[lang].demoFailed + ` (${id})`);
renderAll();
// Until reveal shows the slides near the first one (and hides the rest), only those are laid out: reveal sets every
// slide's `display` itself as soon as it knows where it is. In print every slide is laid out.
if (!printing) {
  const first = entries.findIndex((s) => s.id === firstId);
  entries.forEach((s, i) => {
    const section = sections.get(s.id);
    if (section && Math.abs(i - first) > 2) section.style.display = 'none';
  });
}
// The first slide's words and demo start loading now, side by side; reveal starts once the words are in, so that
// it finds the slide whole when it reads the address (a step in `#/<id>/<step>` is one of its fragments).
void loadDemo(firstId, onDemoError);
const textsBeforeStart = Promise.all((printing ? entries.map((s) => s.id) : [firstId]).map(loadText));

/** The speaker view shows the deck in iframes (`?receiver`): they mirror the projector, 16:9 and without chrome. */
const receiver = pageAddress().receiver;
if (receiver) document.documentElement.classList.add('receiver');

/** Phones held upright get a tall slide; everything else (print too) the projector's 16:9. */
const portrait = () => !receiver && !printing && window.innerWidth < 800 && window.innerHeight > window.innerWidth;
/** Upright, the slide takes the screen's own proportions, so nothing is letterboxed and the slide can scroll. */
const size = () =>
  portrait()
    ? { width: 540, height: Math.round(Math.min(1400, Math.max(800, (540 * window.innerHeight) / window.innerWidth))) }
    : { width: SLIDE_WIDTH, height: SLIDE_HEIGHT };

/** Where the deck is, worked out once per change; the plugins below subscribe to it (src/deck-position.ts). */
const position = new DeckPosition({ getLang: () => lang });
/** The deck's one registry of connected quizzes (the quiz presenter's and the workshop's). */
const quizzes = new ConnectedQuizzes();
quizzes.bind();

const deck = new Reveal({
  ...size(),
  margin: SLIDE_MARGIN,
  center: false,
  hash: true,
  fragmentInURL: true,
  respondToHashChanges: true,
  controls: true,
  controlsTutorial: false,
  progress: true,
  slideNumber: 'c/t',
  transition: prefersReducedMotion() ? 'none' : 'slide',
  backgroundTransition: 'none',
  viewDistance: 2,
  mobileViewDistance: 2,
  // Phones get swipeable slides laid out for portrait, not reveal's scroll view (which re-creates elements).
  scrollActivationWidth: 0,
  pdfSeparateFragments: false,
  pdfMaxPagesPerSlide: 1,
  // reveal's postMessage API (any framing page could call slide(), configure(), destroy()) is off; the speaker view
  // talks to the deck through its own same-origin messages (src/speaker-protocol.ts).
  postMessage: false,
  postMessageEvents: false,
  plugins: [
    // First: bound before any other plugin subscribes.
    position,
    () => SpeakerLink({ position }),
    DemoKeys,
    () => QuizPresenter(position, quizzes),
    () => DemoLifecycle({ onError: onDemoError, loadText, position }),
    () => chrome,
    () => workshop,
    // Last: reveal's `destroy` takes back the shell's own listeners and the quiz registry's.
    () => ({
      id: 'shell',
      init: () => undefined,
      destroy: () => {
        shell.release();
        quizzes.unbind();
      },
    }),
  ],
});

const chrome = DeckChrome({
  position,
  getLang: () => lang,
  getTheme: () => theme,
  setLang(next) {
    lang = next;
    applyPrefsToDocument({ lang, theme });
    if (!deck.isSpeakerNotes()) rememberLang(lang);
    setUrlParam('lang', lang);
    renderAll();
    deck.dispatchEvent({ type: PREFS_CHANGED });
  },
  setTheme(next) {
    theme = next;
    applyPrefsToDocument({ lang, theme });
    if (!deck.isSpeakerNotes()) rememberTheme(theme);
    setUrlParam('theme', theme);
    deck.dispatchEvent({ type: PREFS_CHANGED });
  },
});

/** Workshop mode (`?workshop=<room>`, src/plugins/workshop.ts): nothing at all without it. */
const workshop = Workshop({ getLang: () => lang, view: (next) => workshopView.setValue(next), position, quizzes });

document.documentElement.classList.toggle('portrait', portrait());
shell.listen(window, 'resize', () => {
  const isPortrait = portrait();
  const { width, height } = deck.getConfig();
  const next = size();
  if (
    document.documentElement.classList.contains('portrait') !== isPortrait ||
    next.width !== width ||
    next.height !== height
  ) {
    document.documentElement.classList.toggle('portrait', isPortrait);
    deck.configure(next);
  }
});

// Registered before the plugins' listeners: "ready" marks the first slide as shown and usable, before any
// neighbouring demo starts to load.
shell.on(deck, 'ready', () => {
  document.documentElement.dataset['deckReady'] = 'true';
  performance.mark('deck-ready');
});

// The overview shows every slide: each one's words come too.
shell.on(deck, 'overviewshown', () => slides.forEach((s) => void loadText(s.id)));

// The overview's grid (assets/deck.css, --ov-cols across) has rows: ↑ and ↓ move a row, as ← and → move a slide
// (reveal's own ↑ and ↓ move between vertical slides, which this deck has none of). Before reveal's listener.
shell.listen(
  document,
  'keydown',
  (event) => {
    const e = event as KeyboardEvent;
    if (!deck.isOverview() || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const reveal = deck.getRevealElement();
    const cols = reveal ? Number(getComputedStyle(reveal).getPropertyValue('--ov-cols')) : 0;
    // Without the grid (no sibling-index() in this browser) reveal's row stays, with its own keys.
    if (!Number.isInteger(cols) || cols < 1) return;
    const h = position.current()?.index ?? 0;
    const next = Math.min(entries.length - 1, Math.max(0, h + (e.key === 'ArrowDown' ? cols : -cols)));
    e.preventDefault();
    e.stopImmediatePropagation();
    if (next !== h) deck.slide(next);
  },
  { capture: true },
);

// In the overview's grid, which scrolls, the keyboard's moves bring the chosen slide into view.
shell.on(deck, 'slidechanged', () => {
  if (!deck.isOverview()) return;
  document.querySelector('.reveal .slides > section.present')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
});

void textsBeforeStart.then(() => deck.initialize());

// For tests and the console: the deck's API.
(window as unknown as { deck: typeof deck }).deck = deck;

import Reveal from 'reveal.js';
import Notes from 'reveal.js/plugin/notes';
import 'reveal.js/reset.css';
import 'reveal.js/reveal.css';
import '../assets/theme.css';
import '../assets/deck.css';
import { render } from 'lit';
import { slides } from '../slides/index.ts';
import { slideTemplate } from './render-slide.ts';
import { deckText } from './deck-text.ts';
import type { Lang } from '../lib/i18n.ts';
import {
  applyPrefsToDocument,
  currentPrefs,
  prefersReducedMotion,
  rememberLang,
  rememberTheme,
  setUrlParam,
  type Theme,
} from './prefs.ts';
import { DemoKeys } from './plugins/demo-keys.ts';
import { DemoLifecycle } from './plugins/demo-lifecycle.ts';
import { DeckChrome } from './plugins/deck-chrome.ts';
import { showToast } from './toast.ts';

const prefs = currentPrefs();
let lang: Lang = prefs.lang;
let theme: Theme = prefs.theme;
applyPrefsToDocument(prefs);

const slidesEl = document.querySelector<HTMLElement>('.reveal .slides');
if (!slidesEl) throw new Error('index.html lacks .reveal .slides');

const sections = slides.map((slide) => {
  const section = document.createElement('section');
  section.id = slide.id;
  section.dataset['chapter'] = slide.chapter;
  slidesEl.append(section);
  return section;
});

function renderAll(): void {
  slides.forEach((slide, i) => {
    const section = sections[i];
    if (section) render(slideTemplate(slide, lang), section);
  });
  document.title = `${slides[0]?.text[lang].title ?? ''} · ${deckText[lang].deckTitle}`;
}
renderAll();

/** The speaker view shows the deck in iframes (`?receiver`): they mirror the projector, 16:9 and without chrome. */
const receiver = new URLSearchParams(window.location.search).has('receiver');
if (receiver) document.documentElement.classList.add('receiver');

/** Phones held upright get a tall slide; everything else the projector's 16:9. */
const portrait = () => !receiver && window.innerWidth < 800 && window.innerHeight > window.innerWidth;
/** Upright, the slide takes the screen's own proportions, so nothing is letterboxed and the slide can scroll. */
const size = () =>
  portrait()
    ? { width: 540, height: Math.round(Math.min(1400, Math.max(800, (540 * window.innerHeight) / window.innerWidth))) }
    : { width: 1280, height: 720 };

const deck = new Reveal({
  ...size(),
  margin: 0.03,
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
  plugins: [
    Notes,
    DemoKeys,
    () => DemoLifecycle({ onError: (id) => showToast(deckText[lang].demoFailed + ` (${id})`) }),
    () => chrome,
  ],
});

const chrome = DeckChrome({
  getLang: () => lang,
  getTheme: () => theme,
  setLang(next) {
    lang = next;
    applyPrefsToDocument({ lang, theme });
    if (!deck.isSpeakerNotes()) rememberLang(lang);
    setUrlParam('lang', lang);
    renderAll();
    chrome.refresh();
  },
  setTheme(next) {
    theme = next;
    applyPrefsToDocument({ lang, theme });
    if (!deck.isSpeakerNotes()) rememberTheme(theme);
    setUrlParam('theme', theme);
    chrome.refresh();
  },
});

document.documentElement.classList.toggle('portrait', portrait());
window.addEventListener('resize', () => {
  const isPortrait = portrait();
  const { width, height } = deck.getConfig();
  const next = size();
  if (document.documentElement.classList.contains('portrait') !== isPortrait || next.width !== width || next.height !== height) {
    document.documentElement.classList.toggle('portrait', isPortrait);
    deck.configure(next);
  }
});

/** An address naming no slide shows the first slide and says so. */
const initialHash = window.location.hash;
function checkHash(hash: string): void {
  const m = /^#\/([^/]+)/.exec(hash);
  if (!m?.[1] || /^\d+$/.test(m[1])) return;
  let id = m[1];
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep it raw */
  }
  if (!slides.some((s) => s.id === id)) showToast(deckText[lang].unknownHash(id));
}

// Registered before the plugins' listeners: "ready" marks the first slide as shown and usable, before any
// neighbouring demo starts to load.
deck.on('ready', () => {
  document.documentElement.dataset['deckReady'] = 'true';
  performance.mark('deck-ready');
});

void deck.initialize().then(() => {
  checkHash(initialHash);
  window.addEventListener('hashchange', () => checkHash(window.location.hash));
});

// For tests and the console: the deck's API.
(window as unknown as { deck: typeof deck }).deck = deck;

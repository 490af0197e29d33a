import '../assets/theme.css';
import '../assets/page.css';
import '../assets/embed-head.css';
import { html, render } from 'lit';
import { isEmbeddable } from '../slides/types.ts';
import { loadSlide, stepFromParam } from './slide-loader.ts';
import { demoTemplate } from './render-slide.ts';
import { deckText } from './deck-text.ts';
import { applyPrefsToDocument, currentPrefs } from './prefs.ts';
import { isLang } from '../lib/i18n.ts';

/**
 * One slide's demo alone, for an iframe in a wiki or docs page: `embed.html?slide=<id>&lang=en&theme=light`, and
 * `&step=<n>` to open the demo at a speaker step (clamped; a bad value is the first step).
 * It posts `{ type: 'hsw:embed-height', slide, height }` to the parent whenever its height changes.
 * Nothing from the address is written into the page as HTML: Lit renders it as text.
 */
/** A `<meta name=…>` of the page: the per-slide pages the build writes for oEmbed (`embed/<id>.html`) fix these. */
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
const prefs = currentPrefs();
// A page written for one language (embed/<id>.ru.html) speaks it, unless the address asks for the other.
const fixedLang = meta('hsw-lang');
if (isLang(fixedLang) && !isLang(new URLSearchParams(window.location.search).get('lang'))) prefs.lang = fixedLang;
applyPrefsToDocument(prefs);
const { lang } = prefs;
const t = deckText[lang];
const rootEl = document.getElementById('embed-root');
if (!rootEl) throw new Error('embed.html lacks #embed-root');
const root: HTMLElement = rootEl;

// The page's colour scheme is the theme's, so that the frame's own background is never the other one's.
const scheme = document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]');
if (scheme) scheme.content = prefs.theme;

const params = new URLSearchParams(window.location.search);
const id = params.get('slide') ?? meta('hsw-slide') ?? '';
/** Where the full deck is, from this page: `./` beside embed.html, `../` from `embed/<id>.html`. */
const deckBase = meta('hsw-deck-base') ?? './';

const deckUrl = (slideId: string) => `${deckBase}index.html?lang=${lang}#/${encodeURIComponent(slideId)}`;

function postHeight(): void {
  if (window.parent === window) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  window.parent.postMessage({ type: 'hsw:embed-height', slide: id, height }, '*');
}
new ResizeObserver(postHeight).observe(document.documentElement);

async function main(): Promise<void> {
  const slide = await loadSlide(id);
  if (isEmbeddable(slide)) {
    const title = slide.title[lang];
    document.title = `${title} · ${t.deckTitle}`;
    render(
      html`<header class="embed-head">
          <h1>${title}</h1>
          <a class="embed-open" href=${deckUrl(slide.id)} target="_blank" rel="noopener">${t.openInDeck} ↗</a>
        </header>
        ${demoTemplate(slide, lang, {
          active: true,
          near: true,
          mode: 'embed',
          step: stepFromParam(params.get('step'), slide.demo.sequence.length),
        })}`,
      root,
    );
    slide.demo.load().catch(() => {
      render(html`<p class="embed-error" role="alert">${t.demoFailed}</p>`, root);
    });
  } else {
    document.title = `${t.unknownSlideTitle} · ${t.deckTitle}`;
    const reason = !id ? t.missingSlide : slide ? t.notEmbeddable(id) : t.unknownSlide(id);
    // Only an error page needs the whole list, so only it loads the manifest.
    const valid = (await import('../slides/index.ts')).embeddableSlides();
    render(
      html`<section class="embed-unknown" role="alert">
        <h1>${t.unknownSlideTitle}</h1>
        <p>${reason}</p>
        <p>${t.validIds}</p>
        <ul>
          ${valid.map(
            (s) =>
              html`<li><a href=${`?${new URLSearchParams({ slide: s.id, lang }).toString()}`}><code>${s.id}</code></a> — ${s.title[lang]}</li>`,
          )}
        </ul>
      </section>`,
      root,
    );
  }
}

void main();

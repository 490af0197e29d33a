import '../assets/theme.css';
import { html, render } from 'lit';
import { isEmbeddable, type SlideDef } from '../slides/types.ts';
import { demoTemplate } from './render-slide.ts';
import { deckText } from './deck-text.ts';
import { applyPrefsToDocument, currentPrefs } from './prefs.ts';

/**
 * One slide's demo alone, for an iframe in a wiki or docs page: `embed.html?slide=<id>&lang=en&theme=light`.
 * It posts `{ type: 'hsw:embed-height', slide, height }` to the parent whenever its height changes.
 * Nothing from the address is written into the page as HTML: Lit renders it as text.
 */
const prefs = currentPrefs();
applyPrefsToDocument(prefs);
const { lang } = prefs;
const t = deckText[lang];
const rootEl = document.getElementById('embed-root');
if (!rootEl) throw new Error('embed.html lacks #embed-root');
const root: HTMLElement = rootEl;

const params = new URLSearchParams(window.location.search);
const id = params.get('slide') ?? '';

/**
 * Each slide's manifest entry on its own, loaded on demand: the embed page fetches one slide's entry (its title and
 * demo) and that demo, not the whole deck's. It shows the title only, so it needs none of the slide's other words
 * (`slides/text/<id>.ts`). A slide's file is named after its id (a unit test holds every slide to that).
 */
const slideModules = import.meta.glob<Record<string, unknown>>([
  '../slides/*.ts',
  '!../slides/index.ts',
  '!../slides/types.ts',
]);

function isSlide(value: unknown): value is SlideDef {
  return !!value && typeof value === 'object' && 'id' in value && 'title' in value && 'chapter' in value;
}

async function loadSlide(slideId: string): Promise<SlideDef | undefined> {
  if (!/^[a-z0-9-]+$/.test(slideId)) return undefined;
  const loader = slideModules[`../slides/${slideId}.ts`];
  if (!loader) return undefined;
  return Object.values(await loader()).find(isSlide);
}

const deckUrl = (slideId: string) => `./index.html?lang=${lang}#/${encodeURIComponent(slideId)}`;

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
        ${demoTemplate(slide, lang, { active: true, near: true, mode: 'embed' })}`,
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

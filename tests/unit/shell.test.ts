import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolvePrefs } from '../../src/prefs.ts';
import { logPosition, logValue, niceRound } from '../../components/ui/labelled-slider.ts';
import { embedSnippet } from '../../src/plugins/deck-chrome.ts';
import { addressOf, isPresenting, resolvePageMode, workshopRole } from '../../src/page-mode.ts';
import { modeFromSearch } from '../../src/plugins/quiz-presenter.ts';
import { grammarLoaded, highlightLines, loadGrammar } from '../../components/ui/highlight.ts';
import { inline } from '../../lib/render-text.ts';

const base = { search: '', storedLang: null, storedTheme: null, browserLanguages: ['en-US'], prefersDark: true };

describe('preferences', () => {
  it('the URL wins, then storage, then the browser', () => {
    expect(resolvePrefs({ ...base, search: '?lang=ru', storedLang: 'en' }).lang).toBe('ru');
    expect(resolvePrefs({ ...base, storedLang: 'ru' }).lang).toBe('ru');
    expect(resolvePrefs({ ...base, browserLanguages: ['de-DE', 'ru-RU'] }).lang).toBe('ru');
    expect(resolvePrefs({ ...base, browserLanguages: ['de-DE'] }).lang).toBe('en');
  });

  it('a bad value falls back to the default', () => {
    const p = resolvePrefs({ ...base, search: '?lang=xx&theme=<script>', storedLang: '{corrupt', storedTheme: 'neon' });
    expect(p).toEqual({ lang: 'en', theme: 'dark', themeChosen: false });
  });

  it('prefers-color-scheme decides when nothing is chosen', () => {
    expect(resolvePrefs({ ...base, prefersDark: false }).theme).toBe('light');
    expect(resolvePrefs({ ...base, prefersDark: false, search: '?theme=dark' })).toMatchObject({
      theme: 'dark',
      themeChosen: true,
    });
  });

  it('never throws, whatever the inputs', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string()),
        fc.option(fc.string()),
        fc.array(fc.string()),
        fc.boolean(),
        (search, l, t, langs, dark) => {
          const p = resolvePrefs({ search, storedLang: l, storedTheme: t, browserLanguages: langs, prefersDark: dark });
          return ['ru', 'en'].includes(p.lang) && ['dark', 'light'].includes(p.theme);
        },
      ),
    );
  });
});

describe('logarithmic slider', () => {
  it('spans min to max', () => {
    expect(logValue(0, 120, 10, 1_000_000)).toBeCloseTo(10);
    expect(logValue(120, 120, 10, 1_000_000)).toBeCloseTo(1_000_000);
    expect(logValue(48, 120, 10, 1_000_000)).toBeCloseTo(1000);
  });

  it('position and value round-trip', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        (pos) => logPosition(logValue(pos, 120, 10, 1e6), 120, 10, 1e6) === pos,
      ),
    );
  });

  it('rounds to two significant figures', () => {
    expect(niceRound(12_345)).toBe(12_000);
    expect(niceRound(0.1234)).toBe(0.12);
    expect(niceRound(3.74)).toBe(3.7);
  });
});

describe('embed snippet', () => {
  it('points at embed.html beside the deck and escapes the title', () => {
    const s = embedSnippet('https://example.org/talks/deck/index.html?lang=en', 'c10k', 'en', 'A "quoted" <title>');
    expect(s).toContain('src="https://example.org/talks/deck/embed.html?slide=c10k&amp;lang=en"');
    expect(s).toContain('title="A &quot;quoted&quot; &lt;title>"');
  });
});

describe('code highlighting', () => {
  it('before its grammar has loaded, gives the lines escaped and plain; after, highlighted', async () => {
    expect(grammarLoaded('go')).toBe(false);
    expect(highlightLines('if a < b {\n\treturn "x"\n}', 'go')).toEqual([
      'if a &lt; b {',
      '\treturn &quot;x&quot;',
      '}',
    ]);
    await loadGrammar('go');
    expect(grammarLoaded('go')).toBe(true);
    expect(highlightLines('if a < b {', 'go')[0]).toContain('<span class="hljs-keyword">if</span>');
  });

  it('gives one balanced line per source line', async () => {
    await Promise.all([loadGrammar('javascript'), loadGrammar('python')]);
    const code = '/* a\n   b */\nconst x = `1\n2`;';
    const lines = highlightLines(code, 'javascript');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect((line.match(/<span/g) ?? []).length).toBe((line.match(/<\/span>/g) ?? []).length);
    }
  });

  it('highlights a listing once: shown again (another element, a step back, ahead in idle time), it is kept', async () => {
    await loadGrammar('python');
    const code = 'async def main():\n    await asyncio.sleep(0)\n';
    const lines = highlightLines(code, 'python');
    expect(lines).toHaveLength(2);
    expect(highlightLines(code, 'python')).toBe(lines);
    expect(highlightLines(code.trimEnd(), 'python')).toBe(lines);
  });

  it('escapes markup in code', () => {
    expect(highlightLines('x = "<img onerror=alert(1)>"', 'python').join('')).not.toContain('<img');
  });
});

describe('inline markup', () => {
  it('turns backticks and stars into parts, and leaves other text alone', () => {
    const parts = inline('a `b` **c** <d>');
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe('a ');
    expect(parts[4]).toBe(' <d>');
  });
});

describe('the deck is complete', () => {
  it('opens on the title and ends on the summary; each chapter is one run of slides, in the chapter map’s order', async () => {
    const { chapterMap, slides } = await import('../../slides/index.ts');
    const { planText } = await import('../../src/plan-text.ts');
    // The order itself is slides/index.ts's, written nowhere else (docs/deck.md describes it): what holds is its shape.
    expect(slides[0]?.id).toBe('title');
    expect(slides.at(-1)?.id).toBe('summary');
    expect(slides.filter((s) => s.bookend).map((s) => s.id)).toEqual(['title', 'summary']);
    const runs = slides.filter((s) => !s.bookend).map((s) => s.chapter);
    const chapters = runs.filter((c, i) => c !== runs[i - 1]);
    expect(chapters, 'a chapter’s slides stand together').toEqual([...new Set(chapters)]);
    expect(chapterMap().map((c) => c.chapter)).toEqual(chapters);
    // every chapter has a question for its divider, and every question a chapter
    expect(Object.keys(planText.en.questions).sort()).toEqual([...chapters].sort());
    for (const c of chapterMap()) expect(c.slides.length, c.chapter).toBeGreaterThan(0);
    // every quiz the deck scores is declared by the slide that asks it
    expect(slides.flatMap((s) => s.demo?.quizzes ?? [])).toEqual([
      'quiz-busy-wait',
      'quiz-fastapi',
      'green-threads-predict',
    ]);
  });
});

describe('the title slide’s chapter map', () => {
  it('lists every slide but the title and the summary once, each chapter from its first slide, with a name in both languages', async () => {
    const { chapterMap, slides } = await import('../../slides/index.ts');
    const { deckText } = await import('../../src/deck-text.ts');
    const map = chapterMap();
    expect(map.flatMap((c) => c.slides.map((s) => s.id))).toEqual(
      slides.filter((s) => s.id !== 'title' && s.id !== 'summary').map((s) => s.id),
    );
    for (const c of map) {
      expect(c.firstSlide).toBe(c.slides[0]?.id);
      expect(deckText.en.chapters[c.chapter]).toBeTruthy();
      expect(deckText.ru.chapters[c.chapter]).toBeTruthy();
    }
    expect(map.map((c) => c.chapter)).toEqual([...new Set(map.map((c) => c.chapter))]);
  });

  it('keeps the demo contract with a trivial model: one state, whatever the step', async () => {
    const model = await import('../../components/chapter-map/chapter-map-model.ts');
    expect(model.SPEAKER_SEQUENCE).toHaveLength(1);
    expect(model.stateForStep(0, model.initialState())).toEqual(model.initialState());
  });
});

describe('presenting or browsing (src/page-mode.ts)', () => {
  it('the workshop role comes from the address; the speaker view’s copies have none', () => {
    expect(workshopRole('?workshop=abc&role=presenter')).toBe('presenter');
    expect(workshopRole('?workshop=abc')).toBe('participant');
    expect(workshopRole('?workshop=abc&key=s3cret')).toBe('participant');
    expect(workshopRole('?workshop=abc&role=presenter&receiver')).toBeNull();
    expect(workshopRole('?lang=en')).toBeNull();
  });

  it('the address is read in one place: every reader agrees on what it asks for', () => {
    expect(addressOf('?receiver&plan=40&quiz=presenter&present')).toEqual({
      receiver: true,
      print: false,
      present: true,
      plan: '40',
      quizPresenter: true,
      workshop: null,
    });
    expect(addressOf('?print-pdf&workshop=abc&role=presenter')).toMatchObject({ print: true, workshop: 'presenter' });
    // A parameter is its whole name: \`?receivers\` or \`?Receiver\` is no speaker view's copy (the speaker link once
    // took both for one, while the page's mode did not).
    for (const search of ['?receivers', '?Receiver', '?x=receiver', '?a&receiverx']) {
      expect(addressOf(search).receiver, search).toBe(false);
      expect(resolvePageMode(search).mode, search).toBe('deck');
    }
    expect(resolvePageMode('?receiver').mode).toBe('speaker');
    expect([modeFromSearch('?quiz=presenter'), modeFromSearch('?quiz=presenterx')]).toEqual(['presenter', 'browse']);
  });

  it('presenting: the speaker view connected, or the workshop’s projector; browsing otherwise (a phone too)', () => {
    expect(isPresenting({ search: '', speakerConnected: false })).toBe(false);
    expect(isPresenting({ search: '?quiz=presenter', speakerConnected: false })).toBe(false);
    expect(isPresenting({ search: '', speakerConnected: true })).toBe(true);
    expect(isPresenting({ search: '?workshop=abc&role=presenter', speakerConnected: false })).toBe(true);
    expect(isPresenting({ search: '?workshop=abc', speakerConnected: false })).toBe(false);
  });
});

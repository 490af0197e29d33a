import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { SIM_SEED } from './sim-seed.ts';
import { clockText, pace, parseMinutes, slideTimings, weightedTimings } from '../../src/speaker-pacing.ts';
import { checkAddress, shortened } from '../../src/address.ts';
import { stepFromParam } from '../../src/slide-loader.ts';
import {
  SPEAKER_MESSAGE,
  acceptsOrigin,
  positionOf,
  samePosition,
  speakerMessageOf,
} from '../../src/speaker-protocol.ts';
import { speakerUrl } from '../../src/plugins/speaker-link.ts';
import { CSP_DIRECTIVES, cspValue, revealPrintStyles } from '../../scripts/csp.ts';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';

const params = { seed: SIM_SEED, numRuns: 300 };

describe('speaker pacing', () => {
  it('a plan shares the minutes by clicker steps: a slide of 8 steps takes 8 shares, a divider 1', () => {
    expect(weightedTimings(1200, [1, 1, 8, 0, Number.NaN])).toEqual([100, 100, 800, 100, 100]);
    expect(weightedTimings(60, [])).toEqual([]);
    const t = weightedTimings(2400, [1, 1, 4, 3, 12]);
    expect(t.reduce((a, b) => a + b, 0)).toBeCloseTo(2400);
    expect(pace(t, 2, 0).plannedStart).toBeCloseTo((2 / 21) * 2400);
  });

  it('reads minutes as a person writes them, and refuses the rest', () => {
    expect(parseMinutes('45')).toEqual({ ok: true, minutes: 45 });
    expect(parseMinutes(' 22.5 ')).toEqual({ ok: true, minutes: 22.5 });
    expect(parseMinutes('22,5')).toEqual({ ok: true, minutes: 22.5 });
    expect(parseMinutes(null)).toBeNull();
    expect(parseMinutes('')).toBeNull();
    for (const bad of ['abc', '0', '-5', '601', '1e3', '12abc', 'Infinity', 'NaN', '0x1f', '1.234'])
      expect(parseMinutes(bad), bad).toEqual({ ok: false, raw: bad });
  });

  it('a talk of 24 minutes over 24 slides gives each a minute; own timings are kept, the rest shared', () => {
    expect(
      slideTimings(
        24 * 60,
        Array.from({ length: 24 }, () => undefined),
      ),
    ).toEqual(Array(24).fill(60));
    expect(slideTimings(600, [120, undefined, undefined, 80])).toEqual([120, 200, 200, 80]);
    // Own timings beyond the total leave the others nothing, never less.
    expect(slideTimings(100, [300, undefined])).toEqual([300, 0]);
  });

  it('hand-worked: slide 7 of 24 in a 24-minute talk is planned from 6:00 to 7:00', () => {
    const t = slideTimings(24 * 60, Array(24).fill(undefined));
    expect(pace(t, 6, 0)).toEqual({ status: 'ahead', by: 360, plannedStart: 360, plannedEnd: 420, leftOnSlide: 60 });
    expect(pace(t, 6, 390)).toEqual({ status: 'on-time', by: 0, plannedStart: 360, plannedEnd: 420, leftOnSlide: 30 });
    expect(pace(t, 6, 500)).toEqual({ status: 'behind', by: 80, plannedStart: 360, plannedEnd: 420, leftOnSlide: 0 });
  });

  it('property: the shares add up to the talk; ahead, on time and behind partition the clock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 36_000 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.double({ min: 0, max: 50_000, noNaN: true }),
        (total, fixed, i, elapsed) => {
          const t = slideTimings(total, fixed);
          const sum = t.reduce((a, b) => a + b, 0);
          const own = fixed.reduce<number>((a, b) => a + (b ?? 0), 0);
          if (fixed.some((f) => f === undefined)) expect(sum).toBeCloseTo(Math.max(total, own), 6);
          const index = i % t.length;
          const p = pace(t, index, elapsed);
          expect(p.plannedEnd - p.plannedStart).toBeCloseTo(t[index] ?? 0, 6);
          if (p.status === 'ahead') expect(elapsed).toBeLessThan(p.plannedStart);
          if (p.status === 'behind') expect(elapsed).toBeGreaterThan(p.plannedEnd);
          if (p.status === 'on-time') expect(p.by).toBe(0);
          expect(p.by).toBeGreaterThanOrEqual(0);
          expect(p.leftOnSlide).toBeGreaterThanOrEqual(0);
          expect(p.leftOnSlide).toBeLessThanOrEqual((t[index] ?? 0) + 1e-9);
        },
      ),
      params,
    );
  });

  it('prints times as a clock', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(59.9)).toBe('0:59');
    expect(clockText(75)).toBe('1:15');
    expect(clockText(3600 + 61)).toBe('1:01:01');
    expect(clockText(-5)).toBe('0:00');
  });
});

describe('addresses a person mistypes', () => {
  const deck = slides.map((s) => ({ id: s.id, steps: speakerSteps(s) }));
  const c10kFragments = speakerSteps(slides.find((s) => s.id === 'c10k')!) - 1;

  it('a good address passes as it is', () => {
    expect(checkAddress('', deck, 'title')).toBeNull();
    expect(checkAddress('#/', deck, 'title')).toBeNull();
    expect(checkAddress('#/c10k', deck, 'title')).toEqual({ slideId: 'c10k', canonical: '#/c10k' });
    expect(checkAddress('#/c10k/0', deck, 'title')).toEqual({ slideId: 'c10k', canonical: '#/c10k/0' });
    expect(checkAddress('#/3', deck, 'title')).toEqual({ slideId: slides[3]!.id, canonical: '#/3' });
  });

  it('an unknown slide goes to the fallback and is named', () => {
    expect(checkAddress('#/no-such-slide', deck, 'title')).toEqual({
      slideId: 'title',
      canonical: '#/title',
      problem: { kind: 'unknown-slide', id: 'no-such-slide' },
    });
    expect(checkAddress('#/999', deck, 'c10k')?.problem).toEqual({ kind: 'unknown-slide', id: '999' });
    expect(checkAddress('#/%E2%9C%93', deck, 'title')?.problem).toEqual({ kind: 'unknown-slide', id: '✓' });
    expect(checkAddress('#/%E2%9C', deck, 'title')?.problem).toEqual({ kind: 'unknown-slide', id: '%E2%9C' });
  });

  it('a step that is not a whole number goes to the slide’s start and is named', () => {
    for (const step of ['abc', '1.5', '1e3', '-2', '0/1', ' ', '３'])
      expect(checkAddress(`#/c10k/${step}`, deck, 'title'), step).toEqual({
        slideId: 'c10k',
        canonical: '#/c10k',
        problem: { kind: 'bad-step', id: 'c10k', step, fragments: c10kFragments },
      });
  });

  it('a step past the last goes to the last, and is named; on a slide without steps, to the slide', () => {
    for (const step of [String(c10kFragments), '99999', '1'.repeat(400)])
      expect(checkAddress(`#/c10k/${step}`, deck, 'title'), step).toEqual({
        slideId: 'c10k',
        canonical: `#/c10k/${c10kFragments - 1}`,
        problem: { kind: 'past-last', id: 'c10k', step, fragments: c10kFragments },
      });
    expect(checkAddress('#/title/0', deck, 'title')).toEqual({
      slideId: 'title',
      canonical: '#/title',
      problem: { kind: 'past-last', id: 'title', step: '0', fragments: 0 },
    });
  });

  it('property: one rule with the embeds — whole number n lands where ?step= lands, a step further on', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.constantFrom(...deck.filter((s) => s.steps > 1)), (n, s) => {
        const check = checkAddress(`#/${s.id}/${n}`, deck, 'title')!;
        // the address names fragment n, which is speaker step n + 1; ?step= names the speaker step itself
        expect(check.canonical).toBe(`#/${s.id}/${stepFromParam(String(n + 1), s.steps) - 1}`);
        expect(check.problem?.kind).toBe(n + 1 < s.steps ? undefined : 'past-last');
      }),
      params,
    );
  });

  it('property: any hash gets an answer — a slide of the deck, and a canonical address that passes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (tail) => {
        const check = checkAddress(`#/${tail}`, deck, 'title');
        if (!check) return;
        expect(deck.some((s) => s.id === check.slideId)).toBe(true);
        if (check.problem) expect(checkAddress(check.canonical, deck, 'title')?.problem).toBeUndefined();
      }),
      params,
    );
  });

  it('a long name is cut short for the message', () => {
    expect(shortened('x'.repeat(128_000))).toBe(`${'x'.repeat(80)}…`);
    expect(shortened('c10k')).toBe('c10k');
  });
});

describe('the speaker view’s messages', () => {
  it('only its own origin gets through the gate', () => {
    expect(acceptsOrigin('http://127.0.0.1:4173', 'http://127.0.0.1:4173')).toBe(true);
    expect(acceptsOrigin('http://127.0.0.1:4173', 'http://127.0.0.1:4174')).toBe(false);
    expect(acceptsOrigin('https://deck.example', 'https://evil.example')).toBe(false);
    expect(acceptsOrigin('https://deck.example', 'null')).toBe(false);
    // the single file: its windows' messages come from `null`, whatever its own origin reads
    expect(acceptsOrigin('file://', 'null')).toBe(true);
    expect(acceptsOrigin('null', 'null')).toBe(true);
    expect(acceptsOrigin('file://', 'https://evil.example')).toBe(false);
  });

  it('reads well-formed messages and drops everything else', () => {
    expect(speakerMessageOf({ type: 'hsw:speaker', kind: 'hello', fresh: true })).toEqual({
      type: 'hsw:speaker',
      kind: 'hello',
      fresh: true,
    });
    expect(speakerMessageOf({ type: 'hsw:speaker', kind: 'go', state: { indexh: 2, indexv: 0, indexf: 1 } })).toEqual({
      type: 'hsw:speaker',
      kind: 'go',
      state: { indexh: 2, indexv: 0, indexf: 1 },
    });
    for (const bad of [
      null,
      'string',
      JSON.stringify({ method: 'slide', args: [9] }),
      { method: 'destroy' },
      { type: 'hsw:speaker', kind: 'go', state: { indexh: 'x', indexv: 0 } },
      { type: 'hsw:speaker', kind: 'go', state: { indexh: 1.5, indexv: 0 } },
      { type: 'hsw:speaker', kind: 'key', keyCode: 1e9 },
      { type: 'hsw:speaker', kind: 'eval', code: 'alert(1)' },
    ])
      expect(speakerMessageOf(bad)).toBeNull();
    expect(positionOf({ indexh: 1, indexv: 0, extra: 'dropped' })).toEqual({ indexh: 1, indexv: 0 });
    expect(samePosition({ indexh: 1, indexv: 0 }, { indexh: 1, indexv: 0, indexf: -1 })).toBe(true);
    expect(samePosition({ indexh: 1, indexv: 0, paused: true }, { indexh: 1, indexv: 0 })).toBe(false);
  });

  it('the speaker view keeps the deck’s language, theme, quiz mode and pacing, and nothing else', () => {
    expect(
      speakerUrl('https://h/deck/index.html?lang=ru&theme=light&minutes=30&quiz=presenter&receiver&x=1#/c10k'),
    ).toBe('https://h/deck/speaker.html?lang=ru&theme=light&quiz=presenter&minutes=30');
  });
});

describe('the Content Security Policy', () => {
  it('is strict: own scripts only, no inline, no eval, no plugins, no <base>', () => {
    const v = cspValue();
    expect(v).toMatch(/^default-src 'self'; script-src 'self'; /);
    expect(v).toContain("object-src 'none'");
    expect(v).toContain("base-uri 'none'");
    expect(v).not.toMatch(/unsafe-|\*|https?:/);
    expect(CSP_DIRECTIVES['script-src']).toEqual(["'self'"]);
  });

  it('allows reveal’s two print style sheets by hash, for the 1280×720 slide', () => {
    const [page, media] = revealPrintStyles();
    expect(page).toBe('@page{size:1318px 741px; margin: 0px;}');
    const hash = (t: string) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`;
    expect(CSP_DIRECTIVES['style-src']).toEqual(["'self'", hash(page!), hash(media!)]);
  });
});

describe('the workshop status the speaker view shows', () => {
  const status = {
    room: 'ABCDE',
    joinUrl: 'http://192.168.1.5:8080/ABCDE',
    connected: true,
    participants: 3,
    online: 2,
    question: { title: 'Check yourself', status: 'open', answered: 2 },
  };
  it('passes a well-formed status and a command, and nothing else', () => {
    expect(speakerMessageOf({ type: SPEAKER_MESSAGE, kind: 'workshop', status })).toEqual({
      type: SPEAKER_MESSAGE,
      kind: 'workshop',
      status,
    });
    expect(speakerMessageOf({ type: SPEAKER_MESSAGE, kind: 'workshop', status: null })?.kind).toBe('workshop');
    // The room cannot save: passed on when true, anything else dropped.
    const failing = { ...status, cannotSave: true };
    expect(speakerMessageOf({ type: SPEAKER_MESSAGE, kind: 'workshop', status: failing })).toEqual({
      type: SPEAKER_MESSAGE,
      kind: 'workshop',
      status: failing,
    });
    expect(
      speakerMessageOf({ type: SPEAKER_MESSAGE, kind: 'workshop', status: { ...status, cannotSave: 'yes' } }),
    ).toEqual({ type: SPEAKER_MESSAGE, kind: 'workshop', status });
    expect(speakerMessageOf({ type: SPEAKER_MESSAGE, kind: 'workshop-poll', action: 'reveal' })).toEqual({
      type: SPEAKER_MESSAGE,
      kind: 'workshop-poll',
      action: 'reveal',
    });
    // a status with an answer, a bad count, an unknown state, or a command it does not know: refused
    for (const bad of [
      { ...status, participants: -1 },
      { ...status, question: { ...status.question, status: 'shown' } },
      { ...status, question: { ...status.question, answered: 1.5 } },
      { ...status, room: 'X'.repeat(9) },
      { ...status, connected: 'yes' },
    ])
      expect(speakerMessageOf({ type: SPEAKER_MESSAGE, kind: 'workshop', status: bad })).toBeNull();
    expect(speakerMessageOf({ type: SPEAKER_MESSAGE, kind: 'workshop-poll', action: 'delete' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import {
  API_MS,
  applyCb,
  CODE_LINES,
  currentStep,
  DB_ERROR,
  DB_MS,
  FAILURES,
  initialState,
  LINES,
  observations,
  outcomeOf,
  presentedLines,
  simulate,
  SPEAKER_SEQUENCE,
  stateForStep,
  stepsOf,
  STYLES,
  TYPE_ERROR,
  type CbAction,
  type Failure,
  type Style,
} from '../../components/callbacks-promises-await/callbacks-promises-await-model.ts';
import { callbacksPromisesAwaitText } from '../../components/callbacks-promises-await/callbacks-promises-await-text.ts';
import {
  bareLine,
  COMMENTS,
  excerptListing,
  listing,
  markers,
} from '../../components/callbacks-promises-await/callbacks-promises-await-listing.ts';
import { speakerSteps } from '../../slides/types.ts';

const { en, ru } = callbacksPromisesAwaitText;

describe('where the result or the error goes', () => {
  it('matches the table worked out by hand', () => {
    const total = DB_MS + API_MS;
    expect(outcomeOf('callbacks', 'ok')).toEqual({ k: 'value', value: 3, at: total });
    expect(outcomeOf('promises', 'ok')).toEqual({ k: 'value', value: 3, at: total });
    expect(outcomeOf('await', 'ok')).toEqual({ k: 'value', value: 3, at: total });
    expect(outcomeOf('callbacks', 'db-error')).toEqual({ k: 'handled', error: DB_ERROR, via: 'done', at: DB_MS });
    expect(outcomeOf('promises', 'db-error')).toEqual({
      k: 'handled',
      error: DB_ERROR,
      via: 'catch-method',
      at: DB_MS,
    });
    expect(outcomeOf('await', 'db-error')).toEqual({ k: 'handled', error: DB_ERROR, via: 'try-catch', at: DB_MS });
    expect(outcomeOf('callbacks', 'throw')).toEqual({ k: 'uncaught', error: TYPE_ERROR, at: total });
    expect(outcomeOf('promises', 'throw')).toEqual({ k: 'handled', error: TYPE_ERROR, via: 'catch-method', at: total });
    expect(outcomeOf('await', 'throw')).toEqual({ k: 'handled', error: TYPE_ERROR, via: 'try-catch', at: total });
  });

  it('says where each continuation is registered while the thread waits', () => {
    const idle = (style: Style) => simulate(style, 'ok').filter((s) => s.event.k === 'idle');
    // callbacks: a function held by db.get, then one held by api.posts, each at the line that handed it over
    expect(idle('callbacks').map((s) => s.waiting)).toEqual([
      [{ kind: 'callback', holder: 'db.get', code: '(err, user) => { … }', line: LINES.callbacks.dbGet }],
      [{ kind: 'callback', holder: 'api.posts', code: '(err, posts) => { … }', line: LINES.callbacks.apiPosts }],
    ]);
    // promises: the whole chain is registered at 0 ms as reactions on p1…p4, each at its .then or .catch
    const P = LINES.promises;
    expect(idle('promises')[0]!.waiting.map((c) => `${c.kind}:${c.holder}:${c.line}`)).toEqual([
      `reaction:p1:${P.then1}`,
      `reaction:p2:${P.then2}`,
      `reaction:p3:${P.thenShow}`,
      `reaction:p4:${P.catchHandle}`,
    ]);
    // await: suspended frames, load's at the line of the await, the caller's waiting on load's promise
    expect(idle('await')[0]!.waiting).toEqual([
      { kind: 'frame', holder: 'p1', code: 'load', line: LINES.await.dbGet },
      { kind: 'frame', holder: 'p3', code: 'main', line: LINES.await.call },
    ]);
    expect(idle('await')[1]!.waiting[0]).toEqual({
      kind: 'frame',
      holder: 'p2',
      code: 'load',
      line: LINES.await.apiPosts,
    });
  });

  it('a rejected promise skips every .then on its way to .catch', () => {
    const skips = simulate('promises', 'db-error')
      .filter((s) => s.event.k === 'skip')
      .map((s) => s.line);
    expect(skips).toEqual([LINES.promises.then1, LINES.promises.then2, LINES.promises.thenShow]);
    expect(simulate('promises', 'db-error').some((s) => s.event.k === 'api-call')).toBe(false);
  });

  it('in callback style the throw happens with only the event loop below: the try block ended at 0 ms', () => {
    const steps = simulate('callbacks', 'throw');
    const tryEnds = steps.find((s) => s.event.k === 'try-ends')!;
    const thrown = steps.find((s) => s.event.k === 'throw')!;
    expect(tryEnds.t).toBe(0);
    expect(thrown.t).toBe(DB_MS + API_MS);
    expect(thrown.stack).toEqual(['(err, posts) => …']);
    expect(steps.some((s) => s.line === LINES.callbacks.catchHandle)).toBe(false);
  });
});

describe('every run', () => {
  for (const style of STYLES) {
    for (const failure of FAILURES) {
      it(`${style} / ${failure}: time moves forward only while the stack is empty; lines exist; microtasks empty when idle`, () => {
        const steps = simulate(style, failure);
        const codeLines = en.code[style].split('\n');
        expect(codeLines.length).toBe(CODE_LINES[style]);
        for (let i = 0; i < steps.length; i++) {
          const s = steps[i]!;
          if (s.line !== null) expect(codeLines[s.line - 1]!.trim().length).toBeGreaterThan(0);
          if (i > 0) {
            const prev = steps[i - 1]!;
            expect(s.t).toBeGreaterThanOrEqual(prev.t);
            if (s.t > prev.t) {
              expect(s.event.k).toBe('idle');
              expect(prev.microtasks).toEqual([]);
            }
          }
          if (s.event.k === 'idle') expect(s.stack).toEqual([]);
          expect(en.event(s.event, style).length).toBeGreaterThan(10);
          expect(ru.event(s.event, style).length).toBeGreaterThan(10);
        }
        expect(steps.at(-1)!.event.k).toBe('outcome');
        expect(steps.filter((s) => s.outcome !== null)).toHaveLength(1);
      });
    }
  }

  it('the lines the model names are the lines of the listing', () => {
    const line = (style: Style, n: number) => en.code[style].split('\n')[n - 1]!;
    expect(line('callbacks', LINES.callbacks.dbGet)).toContain('db.get(id,');
    expect(line('callbacks', LINES.callbacks.checkDbErr)).toContain('if (err) return done(err)');
    expect(line('callbacks', LINES.callbacks.apiPosts)).toContain('api.posts(user,');
    expect(line('callbacks', LINES.callbacks.done)).toContain('posts.length');
    expect(line('callbacks', LINES.callbacks.call)).toContain('load(42');
    expect(line('callbacks', LINES.callbacks.catchHandle)).toContain('handle(e)');
    expect(line('promises', LINES.promises.then1)).toContain('api.posts(user)');
    expect(line('promises', LINES.promises.catchHandle)).toContain('.catch(handle)');
    expect(line('await', LINES.await.dbGet)).toContain('await db.get(id)');
    expect(line('await', LINES.await.ret)).toContain('return posts.length');
    expect(line('await', LINES.await.catchHandle)).toContain('handle(e)');
  });

  it('the line numbers come from the listing: each marker names the code the model means, in both languages', () => {
    // What each marked line must hold; a marker moved to a wrong line, or code edited above it, fails here.
    const expected: Record<Style, Record<string, string>> = {
      callbacks: {
        loadOpen: 'function load(id, done) {',
        dbGet: 'db.get(id, (err, user) => {',
        checkDbErr: 'if (err) return done(err);',
        apiPosts: 'api.posts(user, (err, posts) => {',
        checkApiErr: 'if (err) return done(err);',
        done: 'done(null, posts.length);',
        cb1End: '});',
        loadEnd: '}',
        tryOpen: 'try {',
        call: 'load(42, (err, n) => err ? handle(err) : show(n));',
        tryEnd: '} catch (e) {',
        catchHandle: 'handle(e);',
        tryClose: '}',
      },
      promises: {
        dbGet: 'return db.get(id)',
        then1: '.then(user => api.posts(user))',
        then2: '.then(posts => posts.length);',
        call: 'load(42)',
        thenShow: '.then(show)',
        catchHandle: '.catch(handle);',
      },
      await: {
        dbGet: 'const user = await db.get(id);',
        apiPosts: 'const posts = await api.posts(user);',
        ret: 'return posts.length;',
        call: 'show(await load(42));',
        catchOpen: '} catch (e) {',
        catchHandle: 'handle(e);',
      },
    };
    for (const style of STYLES) {
      // every marker in the listing is one the model uses, and every line the model uses is marked
      expect(Object.keys(markers(style)).sort()).toEqual(Object.keys(expected[style]).sort());
      expect(Object.keys(LINES[style]).sort()).toEqual(Object.keys(expected[style]).sort());
      for (const lang of ['en', 'ru'] as const) {
        const lines = listing(style, lang).split('\n');
        expect(lines).toHaveLength(CODE_LINES[style]);
        for (const [name, code] of Object.entries(expected[style])) {
          const line = (LINES[style] as Record<string, number>)[name]!;
          expect(lines[line - 1]!.replace(/\s*\/\/.*$/, '').trim(), `${style} ${name} (${lang})`).toBe(code);
        }
        // markers and placeholders never reach the screen
        expect(listing(style, lang)).not.toMatch(/\/\*@|\{\w+\}/);
      }
    }
    // the translated comments are there, in their language
    expect(listing('await', 'ru')).toContain(`// ${COMMENTS.ru.awaitCatch}`);
    expect(listing('callbacks', 'en')).toContain(`// ${COMMENTS.en.callbackCatch}`);
    expect(en.code.promises).toBe(listing('promises', 'en'));
  });

  it('presented, the bare listing: no comments, no blank lines, and each line the model marks maps to its text', () => {
    for (const style of STYLES) {
      for (const lang of ['en', 'ru'] as const) {
        const full = listing(style, lang).split('\n');
        const bare = listing(style, lang, true).split('\n');
        expect(bare.join('\n')).not.toMatch(/\/\/|^\s*$/m);
        expect(bare).toHaveLength(full.filter((l) => l.trim() !== '').length);
        for (const line of Object.values(markers(style))) {
          const at = bareLine(style, line);
          expect(at, `${style} line ${line}`).not.toBeNull();
          expect(bare[at! - 1], `${style} line ${line} (${lang})`).toBe(full[line - 1]!.replace(/\s*\/\/.*$/, ''));
        }
      }
      const blank = listing(style, 'en').split('\n').indexOf('');
      if (blank >= 0) expect(bareLine(style, blank + 1)).toBeNull();
    }
    expect(listing('callbacks', 'en', true)).toContain('  handle(e);\n}');
  });

  it('presented, each speaker step shows its line or two, marked: the one that runs, or where it waits', () => {
    const shownAt = (i: number, lang: 'en' | 'ru' = 'en') => {
      const s = stateForStep(i);
      const lines = presentedLines(s);
      const x = excerptListing(s.style, lang, new Set(lines.shown));
      return { code: x.code.split('\n'), marked: lines.marked.map((l) => x.code.split('\n')[x.lineOf(l)! - 1]) };
    };
    for (let i = 0; i < SPEAKER_SEQUENCE.length; i++) {
      const s = stateForStep(i);
      const step = currentStep(s);
      const lines = presentedLines(s);
      for (const lang of ['en', 'ru'] as const) {
        const bare = listing(s.style, lang, true).split('\n');
        const x = excerptListing(s.style, lang, new Set(lines.shown));
        const shown = x.code.split('\n');
        expect(shown.length, `step ${i}`).toBeLessThanOrEqual(4);
        expect(shown[0]!.trim(), `step ${i}: no fold first`).not.toBe('…');
        expect(shown.at(-1)!.trim(), `step ${i}: no fold last`).not.toBe('…');
        for (const line of lines.shown)
          expect(shown[x.lineOf(line)! - 1]!.trim()).toBe(bare[bareLine(s.style, line)! - 1]!.trim());
        expect(
          shown.some((l) => !l.startsWith(' ')),
          `step ${i}: no indentation common to the lines`,
        ).toBe(true);
      }
      // the line that runs is marked; while nothing runs, every line where a continuation waits
      if (i > 0 && step.line !== null) expect(lines.marked).toEqual([step.line]);
      if (step.line === null) expect(lines.marked.length).toBeGreaterThan(0);
      if (i > 0)
        for (const line of lines.marked)
          expect(step.line ?? step.waiting.find((c) => c.line === line)?.line).toBe(line);
    }
    expect(shownAt(0).marked).toEqual(['load(42, (err, n) => err ? handle(err) : show(n));']);
    expect(shownAt(1).code).toEqual(['db.get(id, (err, user) => {']);
    expect(shownAt(3).code).toEqual(['const user = await db.get(id);', '…', 'show(await load(42));']);
    // the throw inside the callback, with the caller's catch that never sees it (unmarked)
    // the chain's first reaction (the picture shows all four on their promises); async/await: both suspended frames
    expect(shownAt(2).marked).toEqual(['.then(user => api.posts(user))']);
    expect(shownAt(5).code).toEqual(['      done(null, posts.length);', '    …', '} catch (e) {']);
    expect(shownAt(5).marked).toEqual(['      done(null, posts.length);']);
    // the rejected await lands in the caller's catch: shown with it
    expect(shownAt(7).code).toEqual(['} catch (e) {', '  handle(e);']);
    expect(shownAt(7).marked).toEqual(['  handle(e);']);
  });

  it('the listings are the same code in both languages; only comments differ', () => {
    const strip = (code: string) => code.split('\n').map((l) => l.replace(/\s*\/\/.*$/, ''));
    for (const style of STYLES) expect(strip(ru.code[style])).toEqual(strip(en.code[style]));
  });
});

describe('the player', () => {
  const actionArb: fc.Arbitrary<CbAction> = fc.oneof(
    fc.constant<CbAction>({ type: 'step' }),
    fc.constant<CbAction>({ type: 'back' }),
    fc.constant<CbAction>({ type: 'reset' }),
    fc.constant<CbAction>({ type: 'end' }),
    fc.constantFrom<Style>(...STYLES).map<CbAction>((style) => ({ type: 'style', style })),
    fc.constantFrom<Failure>(...FAILURES).map<CbAction>((failure) => ({ type: 'failure', failure })),
  );

  it('stays in range, and Back undoes Step', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 60 }), (actions) => {
        let s = initialState();
        for (const a of actions) {
          const next = applyCb(s, a);
          expect(next.index).toBeGreaterThanOrEqual(0);
          expect(next.index).toBeLessThan(stepsOf(next).length);
          if (a.type === 'step' && next.index !== s.index) expect(applyCb(next, { type: 'back' })).toEqual(s);
          s = next;
        }
        expect(currentStep(s)).toEqual(stepsOf(s)[s.index]);
      }),
    );
  });

  it('the speaker sequence is callbacks → promises → async/await at their first wait → the failures at their end', () => {
    // Step 0 is the start; the clicker's steps 1–3 are the three styles where the continuation waits, 4–7 the failures.
    expect(SPEAKER_SEQUENCE[0]).toEqual({ style: 'callbacks', failure: 'ok', at: 'start' });
    expect(SPEAKER_SEQUENCE.slice(1, 4).map((x) => x.style)).toEqual(['callbacks', 'promises', 'await']);
    expect(SPEAKER_SEQUENCE.slice(4).every((x) => x.failure !== 'ok')).toBe(true);
    expect(stateForStep(0, initialState())).toEqual(initialState());
    const waits = [1, 2, 3].map((i) => currentStep(stateForStep(i, initialState())));
    for (const w of waits) {
      expect(w.event).toEqual({ k: 'idle', from: 0, to: DB_MS, waitingFor: 'db' });
      expect(w.stack).toEqual([]);
    }
    expect(waits.map((w) => w.waiting.map((c) => `${c.kind} ${c.holder}`))).toEqual([
      ['callback db.get'],
      ['reaction p1', 'reaction p2', 'reaction p3', 'reaction p4'],
      ['frame p1', 'frame p3'],
    ]);
    for (let i = 4; i < SPEAKER_SEQUENCE.length; i++) {
      const s = stateForStep(i, initialState());
      expect(s.index, `step ${i} is shown at its end`).toBe(stepsOf(s).length - 1);
    }
    const s5 = stateForStep(5, initialState());
    expect(s5).toMatchObject({ style: 'callbacks', failure: 'throw' });
    expect(currentStep(s5).outcome).toMatchObject({ k: 'uncaught' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The real thing: the listings themselves, run in Node with setTimeout-based db and api.

const hasNode = spawnSync('node', ['--version']).status === 0;

function runReal(style: Style, failure: Failure): { out: string[]; at: number } {
  const callbackServices = `
const db = { get(id, cb) { log('db.get'); setTimeout(() => FAIL === 'db-error' ? cb(new Error('db down')) : cb(null, { id }), ${DB_MS}); } };
const api = { posts(user, cb) { log('api.posts'); setTimeout(() => cb(null, FAIL === 'throw' ? null : [1, 2, 3]), ${API_MS}); } };`;
  const promiseServices = `
const db = { get(id) { log('db.get'); return new Promise((res, rej) => setTimeout(() => FAIL === 'db-error' ? rej(new Error('db down')) : res({ id }), ${DB_MS})); } };
const api = { posts(user) { log('api.posts'); return new Promise((res) => setTimeout(() => res(FAIL === 'throw' ? null : [1, 2, 3]), ${API_MS})); } };`;
  const listing = en.code[style];
  const script = `
const FAIL = ${JSON.stringify(failure)};
const t0 = performance.now();
const out = [];
let at = -1;
const log = (s) => out.push(s);
const end = (s) => { log(s); if (at < 0) at = performance.now() - t0; };
const show = (n) => end('show ' + n);
const handle = (e) => end('handle ' + String(e));
process.on('uncaughtException', (e) => end('uncaught ' + String(e)));
${style === 'callbacks' ? callbackServices : promiseServices}
${style === 'await' ? `(async () => {\n${listing}\n})();` : listing}
setTimeout(() => { process.stdout.write(JSON.stringify({ out, at })); }, ${DB_MS + API_MS + 150});
`;
  const r = spawnSync('node', ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { out: string[]; at: number };
}

describe('against real Node', () => {
  for (const style of STYLES) {
    for (const failure of FAILURES) {
      it.skipIf(!hasNode)(
        `${style} / ${failure}: the listing, run in node, does what the model says (needs the node binary; skipped without it)`,
        () => {
          const real = runReal(style, failure);
          expect(real.out).toEqual(observations(style, failure));
          const predictedAt = outcomeOf(style, failure).at;
          // Timers never fire early (Node may round down by up to 1 ms); a loaded machine may be late.
          expect(real.at).toBeGreaterThanOrEqual(predictedAt - 2);
          expect(real.at).toBeLessThan(predictedAt + 150);
        },
      );
    }
  }
});

describe('the slide module', () => {
  it('declares as many speaker steps as the sequence has, the start included', async () => {
    const { callbacksPromisesAwait } = await import('../../slides/callbacks-promises-await.ts');
    expect(speakerSteps(callbacksPromisesAwait)).toBe(SPEAKER_SEQUENCE.length);
  });
});

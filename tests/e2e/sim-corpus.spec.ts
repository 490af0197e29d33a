/**
 * The simulator against real Chromium: every corpus snippet that runs in a browser (tests/snippets/*.js, and the
 * micro-macro slide's examples) is injected as a classic <script> into a blank page; the page's console.log
 * and console.info messages are collected until a sentinel timer, set well after the snippet's last timer, fires; they must equal
 * the simulator's browser prediction line by line (or, for a timing-dependent snippet, one of the orders it lists).
 * The lines are read from the DevTools protocol's console event (CDP `Runtime.consoleAPICalled`), each argument as
 * the console shows it (argText); an Error's stack frames are compared loosely (normalizeStacks).
 * Snippets that never finish (starvation) are not run here: they would hang the page.
 *
 * This spec does not open the deck, so it uses Playwright's own `test` rather than the deck fixture.
 */
import { test, expect, type BrowserContext } from '@playwright/test';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';
import { EXAMPLES } from '../../components/micro-macro/micro-macro-examples.ts';
import { loadCorpus, normalizeStacks, type CorpusSnippet } from '../unit/sim-corpus-lib.ts';

const SENTINEL = '__sim_corpus_done__';

/**
 * A format string's substitution as the DevTools console does it: V8 has already converted the arguments of `%s`,
 * `%d`, `%i` and `%f` (they arrive as strings and numbers); each specifier takes the next argument's text (`%c`, a
 * style, prints none; `%o`/`%O` an object's preview); a specifier with no argument left stays; the rest follow.
 */
function substitute(parts: string[]): string {
  let next = 1;
  const line = parts[0]!.replace(/%[sdifoOc]/g, (spec) => {
    if (next >= parts.length) return spec;
    const text = parts[next++]!;
    return spec === '%c' ? '' : text;
  });
  return [line, ...parts.slice(next)].join(' ');
}

/**
 * An argument's text as the DevTools console shows it, from the protocol's RemoteObject: a primitive's value (`-0`,
 * `NaN` as written), a plain object's preview `{a: 1, b: Object}` with `…` when the preview overflowed (more than 5
 * properties: the text Playwright gives lacks it; a getter's `(...)`; a function's `ƒ`, where the protocol gives an
 * empty value), an array's `[1, Array(2)]`, a Map's `Map(2)`, anything else its description (a class instance's name,
 * `Promise`, a function's source, an Error's stack). This is the rendering Playwright's JSHandle uses, plus the
 * overflow mark and the `ƒ`, as DevTools shows them.
 */
interface RemoteObject {
  type: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  preview?: { overflow: boolean; properties: { name: string; type?: string; value?: string }[] };
}

function argText(o: RemoteObject): string {
  if (o.type === 'undefined') return 'undefined';
  if (o.unserializableValue) return o.unserializableValue;
  if ('value' in o) return String(o.value);
  const props = o.preview?.properties ?? [];
  const more = o.preview?.overflow ? ', …' : '';
  // a getter's value is not read for the preview: the console shows `(...)` in its place
  // a function's (or class's) value is empty in the preview: DevTools shows `ƒ` (RemoteObjectPreviewFormatter)
  const value = (p: { type?: string; value?: string }): string | undefined =>
    p.type === 'accessor' ? '(...)' : p.type === 'function' ? 'ƒ' : p.value;
  if (o.description === 'Object' && o.preview)
    return `{${props.map((p) => `${p.name}: ${value(p)}`).join(', ')}${more}}`;
  if (o.subtype === 'array' && o.preview) return `[${props.map(value).join(', ')}${more}]`;
  return o.description ?? '';
}

const snippets: CorpusSnippet[] = [
  ...loadCorpus(),
  ...EXAMPLES.filter((e) => e.runtimes.includes('browser') && e.id !== 'busyWait').map((e) => ({
    name: `example-${e.id}.js`,
    source: e.code,
    runtimes: e.runtimes,
    expect: 'output' as const,
  })),
].filter((s) => s.runtimes.includes('browser') && s.expect !== 'starvation');

test('the corpus has browser snippets', () => {
  expect(snippets.length).toBeGreaterThanOrEqual(35);
});

// The timer nesting level holds through the microtasks a timer task runs: a setTimeout called after an await in a
// timer chain is nested, and clamped to 4 ms from level 6 on. The model's clock and Chromium's must agree.
test('chromium: setTimeout after await in a timer chain is clamped like a nested timer', async ({ page }) => {
  const chain = `(async () => {
  for (let i = 1; i <= 12; i++) {
    await new Promise((r) => setTimeout(r, 0));
  }
  console.log('done');
})();`;
  const predicted = simulate(chain, 'browser');
  if (!predicted.ok) throw new Error('refused');
  // levels 1–6 at 0 ms, levels 7–12 at 4, 8, … 24 ms
  expect(predicted.steps[predicted.steps.length - 1]!.now).toBe(24);
  await page.goto('about:blank');
  const elapsed = await page.evaluate(async () => {
    const t0 = performance.now();
    for (let i = 1; i <= 12; i++) await new Promise((r) => setTimeout(r, 0));
    return performance.now() - t0;
  });
  // unclamped, twelve zero timers take well under 5 ms; clamped, at least 6 × 4 ms (a loaded machine only adds)
  expect(elapsed).toBeGreaterThanOrEqual(23);
});

/**
 * The simulator's browser prediction for a snippet: the outputs it allows, and when its last timer fires (worked
 * out once per snippet).
 */
const predictions = new Map<CorpusSnippet, ReturnType<typeof prediction>>();
function predict(s: CorpusSnippet): ReturnType<typeof prediction> {
  let p = predictions.get(s);
  if (!p) predictions.set(s, (p = prediction(s)));
  return p;
}
function prediction(s: CorpusSnippet) {
  const predicted = simulate(s.source, 'browser');
  if (!predicted.ok) throw new Error(`${s.name}: refused: ${JSON.stringify(predicted.error)}`);
  const lastTime = Math.max(0, ...predicted.steps.map((st) => st.now));
  const timing = s.expect === 'timing' || (predicted.timing?.affectsOutput ?? false);
  const options = timing
    ? [logLines(predicted), ...(predicted.timing?.alternatives ?? [])].map((o) => JSON.stringify(normalizeStacks(o)))
    : [JSON.stringify(normalizeStacks(logLines(predicted)))];
  return { predicted, lastTime, timing, options };
}

/**
 * Runs a snippet in a fresh page of `context` and returns its console lines, once the sentinel (set after the
 * snippet's own timers, with a margin for a loaded machine) has fired.
 */
async function runInPage(context: BrowserContext, source: string, lastTime: number): Promise<string[]> {
  const p = await context.newPage();
  const lines: string[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  // the console's own event, through the DevTools protocol: each argument's preview tells whether it overflowed
  const cdp = await context.newCDPSession(p);
  cdp.on('Runtime.consoleAPICalled', (call) => {
    // console.log and console.info are the lines the model prints as output (error and warn are its error lines)
    if (call.type !== 'log' && call.type !== 'info') return;
    const parts = call.args.map(argText);
    if (parts[0] === SENTINEL) {
      done();
      return;
    }
    const isFormat = parts.length > 1 && call.args[0]!.type === 'string';
    lines.push(isFormat ? substitute(parts) : parts.join(' '));
  });
  await cdp.send('Runtime.enable');
  await p.goto('about:blank');
  await p.addScriptTag({ content: source });
  // a separate script, so the snippet's own timers are all set before it
  await p.addScriptTag({ content: `setTimeout(() => console.log('${SENTINEL}'), ${lastTime + 300});` });
  await finished;
  await cdp.detach();
  await p.close();
  return normalizeStacks(lines);
}

/**
 * One snippet in Chromium, run up to `runs` times while its output differs from every one the simulator allows (a
 * loaded machine can delay a timer by tens of ms): the last real output, and whether it is one of them.
 */
async function runReal(
  context: BrowserContext,
  s: CorpusSnippet,
  runs: number,
): Promise<{ real: string[]; matched: boolean }> {
  const { lastTime, options } = predict(s);
  let real = await runInPage(context, s.source, lastTime);
  for (let attempt = 1; attempt < runs && !options.includes(JSON.stringify(real)); attempt++)
    real = await runInPage(context, s.source, lastTime);
  return { real, matched: options.includes(JSON.stringify(real)) };
}

/** The simulator's prediction for a snippet against what Chromium printed. */
function judge(s: CorpusSnippet, real: string[]): void {
  const { predicted, options } = predict(s);
  expect.soft(predicted.end.code, s.name).toBe('done');
  if (s.expect === 'timing') expect.soft(predicted.timing?.affectsOutput, s.name).toBe(true);
  else
    expect
      .soft(
        predicted.timing?.affectsOutput ?? false,
        `${s.name}: unexpected timing flag ${JSON.stringify(predicted.timing)}`,
      )
      .toBe(false);
  expect.soft(options, s.name).toContain(JSON.stringify(real));
  if (options.length === 1) expect.soft(real, s.name).toEqual(normalizeStacks(logLines(predicted)));
}

/**
 * The snippets in a few tests rather than one each: most of a snippet's time is the page's wait for its sentinel, so
 * a batch runs CONCURRENT of them at once, each in its own page (one failing snippet still names itself: soft
 * assertions, one step each). Pages of one context can share a renderer's main thread, so one snippet's
 * synchronous work can hold another's timers back by tens of ms (CI saw a 5 ms timer fire 70 ms late): a snippet
 * that differs in the concurrent pass is run again after it, alone, up to three times, and only that is asserted.
 * A snippet whose output depends on timing runs alone, in a test of its own, as the three runs it may need are
 * meant for a machine only as loaded as CI's.
 */
const CONCURRENT = 6;
const BATCHES = 4;
const timed = snippets.filter((s) => predict(s).timing);
const untimed = snippets.filter((s) => !timed.includes(s));
for (const s of timed)
  test(`chromium: ${s.name} (timing-dependent, alone)`, async ({ context }) => {
    await test.step(s.name, async () => judge(s, (await runReal(context, s, 3)).real));
  });
for (let b = 0; b < BATCHES; b++) {
  const batch = untimed.filter((_, i) => i % BATCHES === b);
  test(`chromium: batch ${b + 1} of ${BATCHES} (${batch.length} snippets)`, async ({ context }) => {
    test.setTimeout(120_000);
    const queue = [...batch];
    const again: CorpusSnippet[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        for (let s = queue.shift(); s; s = queue.shift()) {
          const snippet = s;
          await test.step(`chromium: ${snippet.name}`, async () => {
            const { real, matched } = await runReal(context, snippet, 1);
            if (matched) judge(snippet, real);
            else again.push(snippet);
          });
        }
      }),
    );
    for (const snippet of again)
      await test.step(`chromium: ${snippet.name}, again alone`, async () =>
        judge(snippet, (await runReal(context, snippet, 3)).real));
  });
}

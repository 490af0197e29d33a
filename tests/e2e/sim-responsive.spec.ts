import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide } from './fixtures.ts';

/**
 * "Your code" on the micro-macro slide runs in a Web Worker (components/shared/sim-runner/): the page answers while
 * a long snippet is simulated, a run past its time budget ends with a message, a new Run or Stop cancels, and an
 * empty snippet gets "nothing to run".
 */

/** 250 file reads, timers and immediates: tens of seconds of simulation (timing exploration re-runs it). */
/**
 * A snippet that takes seconds to simulate, by its nature rather than the machine's speed: four timers against four
 * immediates are decision points (their order on Node's first turn depends on timing), so the simulator re-runs it
 * for each timing it explores, and each run carries a loop of three million turns (18 M operations, under the
 * endless-task stop). About 7 s in Node here with two million turns; a faster simulator would still take seconds.
 */
const LONG = `for (let k = 0; k < 4; k++) {
  setTimeout(() => console.log('t' + k), k);
  setImmediate(() => console.log('i' + k));
}
let s = 0;
for (let i = 0; i < 3000000; i++) s++;
console.log(s);`;

/**
 * Hundreds of short tasks, re-run for each timing explored (four timers against four immediates on Node's first
 * turn): over a second of simulation, none of it one long task.
 */
const SLICED = `for (let k = 0; k < 4; k++) {
  setTimeout(() => console.log('t' + k), k);
  setImmediate(() => console.log('i' + k));
}
let n = 0;
function again() {
  if (++n < 800) setImmediate(again);
}
again();`;

async function openYourCode(page: Page, lang: 'en' | 'ru' = 'en'): Promise<Locator> {
  await gotoSlide(page, 'micro-macro', { lang });
  const slide = currentSlide(page);
  await slide.getByRole('combobox', { name: lang === 'en' ? 'Example' : 'Пример' }).selectOption('custom');
  return slide;
}

/** The test hook the shell would use: the demo's time budget, as a property. */
async function setBudget(page: Page, ms: number): Promise<void> {
  await page.locator('hsw-micro-macro').evaluate((el, v) => {
    (el as HTMLElement & { budgetMs: number }).budgetMs = v;
  }, ms);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start, µs. */
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Long tasks on the page's thread, in ms of that thread's CPU time spent by the page's own work: a Chromium trace's
 * `RunTask` events on the renderer's main thread (`tdur`, CPU, not wall time) over 50 ms, less the browser's style
 * and layout inside them. Not the 'longtask' entries' wall time: two browser tests at once on two cores keep a
 * renderer off its core for hundreds of ms (CI saw 200–374 ms that way). Not layout: laying out the 90 KB snippet in
 * the editor's textarea is the browser's text layout, 110 ms of CPU on this VM, whatever the page does. The
 * returned function may be called again; each call gives every long task since the watch began.
 */
async function watchLongTasks(page: Page): Promise<() => Promise<number[]>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const start = () =>
    cdp.send('Tracing.start', {
      categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
  await start();
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    const mains = new Set(
      events
        .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;
    const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
    const layouts = onMain.filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree');
    const long = onMain
      .filter((e) => e.name === 'RunTask' && cpu(e) > 50_000)
      .map((task) => {
        const end = task.ts + (task.dur ?? 0);
        const layout = layouts
          .filter((l) => l.ts >= task.ts && l.ts + (l.dur ?? 0) <= end)
          .reduce((s, l) => s + cpu(l), 0);
        return Math.round((cpu(task) - layout) / 1000);
      })
      .filter((ms) => ms > 50);
    await start();
    return long;
  };
}

test.describe('your code off the page’s thread', () => {
  test('while a long snippet is simulated the page answers: language, a frame, Stop', async ({ page }) => {
    const slide = await openYourCode(page);
    await setBudget(page, 120_000);
    await slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' }).fill(LONG);
    const longTasks = await watchLongTasks(page);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    const status = slide.locator('.job.running');
    await expect(status).toContainText('Simulating…');
    await expect(status).toContainText('runs beside the page');
    // frames are painted while it runs: 30 of them, one after another
    const frames = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let n = 0;
          const tick = () => (++n === 30 ? resolve(n) : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
    );
    expect(frames).toBe(30);
    // … and no task held the page's thread for long meanwhile (a fact the browser records, not a clock of ours)
    expect((await longTasks()).filter((d) => d > 200)).toEqual([]);
    await expect(status).toBeVisible();
    // the deck's language button answers, and the demo re-renders in Russian while the run goes on
    await page.getByRole('button', { name: 'Switch to Russian' }).click();
    await expect(status).toContainText('Симуляция…');
    await expect(slide.getByRole('button', { name: 'Остановить' })).toBeVisible();
    // the person can still scroll through the examples list and edit the code
    await expect(slide.getByRole('textbox', { name: 'Свой код (подмножество JavaScript)' })).toBeEditable();
    await slide.getByRole('button', { name: 'Остановить' }).click();
    await expect(slide.getByRole('status').filter({ hasText: 'Остановлено' })).toBeVisible();
    await expect(status).toHaveCount(0);
  });

  test('past its time budget the run stops with a message, in both languages; a short run still works', async ({
    page,
  }) => {
    const slide = await openYourCode(page);
    await setBudget(page, 300);
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    await editor.fill(LONG);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    const alert = slide.getByRole('alert');
    await expect(alert).toContainText('The simulation took longer than 0.3 s and was stopped');
    await page.getByRole('button', { name: 'Switch to Russian' }).click();
    await expect(alert).toContainText('Симуляция заняла больше 0,3 с и была остановлена');
    // the next run gets a fresh worker
    await setBudget(page, 20_000);
    await slide
      .getByRole('textbox', { name: 'Свой код (подмножество JavaScript)' })
      .fill("setTimeout(() => console.log('later'), 0);\nconsole.log('now');");
    await slide.getByRole('button', { name: 'Запустить в симуляторе' }).click();
    await expect(slide.getByRole('list', { name: /Ваша догадка/ }).getByRole('listitem')).toHaveCount(2);
  });

  test('a recording too large to keep is refused with its size, not sent to the page', async ({ page }) => {
    const slide = await openYourCode(page);
    await setBudget(page, 120_000);
    await slide
      .getByRole('textbox', { name: 'Your code (JavaScript subset)' })
      // (snapshots keep queues as runs of a shared list, so it takes long lines of output: some 59 MB estimated)
      .fill(
        "const line = 'x'.repeat(20000);\nfor (let i = 0; i < 1500; i++) setTimeout(() => console.log(line + i), i % 7);",
      );
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(slide.getByRole('alert')).toContainText(/too large to show: about [\d,]+ MB of steps/, {
      timeout: 60_000,
    });
  });

  test('a new Run while one is pending replaces it', async ({ page }) => {
    const slide = await openYourCode(page);
    await setBudget(page, 120_000);
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    await editor.fill(LONG);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(slide.locator('.job.running')).toBeVisible();
    await editor.fill("console.log('a');\nPromise.resolve().then(() => console.log('b'));");
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(slide.getByRole('button', { name: 'Check my order' })).toBeVisible();
    await slide.getByRole('button', { name: 'Skip the guess' }).click();
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect(slide.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText(['a', 'b']);
  });

  for (const lang of ['en', 'ru'] as const) {
    test(`an empty or comment-only snippet has nothing to run (${lang})`, async ({ page }) => {
      const slide = await openYourCode(page, lang);
      const editor = slide.getByRole('textbox', {
        name: lang === 'en' ? 'Your code (JavaScript subset)' : 'Свой код (подмножество JavaScript)',
      });
      const run = slide.getByRole('button', {
        name: lang === 'en' ? 'Run in the simulator' : 'Запустить в симуляторе',
      });
      const said = lang === 'en' ? 'Nothing to run' : 'Нечего запускать';
      for (const code of ['', '  \n\t', '// just a comment\n/* and another */']) {
        await editor.fill(code);
        await run.click();
        await expect(slide.getByRole('status').filter({ hasText: said })).toBeVisible();
        await expect(
          slide.getByText(lang === 'en' ? 'Press “Run in the simulator”.' : 'Нажмите «Запустить'),
        ).toHaveCount(0);
      }
    });
  }
});

/** A valid snippet of about `bytes` bytes: one statement a line, `a = a + 1;` (the 1 MB paste was 95,000 of them). */
function longSnippet(bytes: number): string {
  const lines = ['let a = 0;'];
  for (let size = 11; size < bytes - 20; size += 11) lines.push('a = a + 1;');
  lines.push('console.log(a);');
  return lines.join('\n');
}

/** Puts `text` on the clipboard (the test's setup: a person copied it elsewhere). */
async function copy(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((v) => navigator.clipboard.writeText(v), text);
}

/** Pastes the clipboard into the editor for real, replacing its text: Ctrl+A, Ctrl+V (a trusted paste). */
async function paste(page: Page, editor: Locator): Promise<void> {
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

test.describe('your code with long input', () => {
  for (const lang of ['en', 'ru'] as const) {
    test(`a 1 MB paste is refused with its size before anything heavy runs (${lang})`, async ({ page }) => {
      const slide = await openYourCode(page, lang);
      const editor = slide.getByRole('textbox', {
        name: lang === 'en' ? 'Your code (JavaScript subset)' : 'Свой код (подмножество JavaScript)',
      });
      const before = await editor.inputValue();
      await copy(page, longSnippet(1_000_000));
      const longTasks = await watchLongTasks(page);
      await paste(page, editor);
      const said =
        lang === 'en'
          ? 'This code is 1.0 MB; Your code takes up to 100 KB.'
          : 'Этот код занимает 1,0 МБ; «Свой код» принимает до 100 КБ.';
      await expect(slide.getByRole('alert')).toContainText(said);
      // the editor never held it: the code before the paste is still there, and the next edit clears the message
      await expect(editor).toHaveValue(before);
      expect((await longTasks()).filter((d) => d > 200)).toEqual([]);
      await editor.press('End');
      await editor.press('Space');
      await expect(slide.getByRole('alert')).toHaveCount(0);
      expect((await longTasks()).filter((d) => d > 200)).toEqual([]);
    });
  }

  test('a 90 KB valid snippet runs, is shown and stepped with no long task on the page', async ({ page }) => {
    const slide = await openYourCode(page);
    const code = longSnippet(90_000);
    expect(code.length).toBeGreaterThan(89_000);
    await copy(page, code);
    const longTasks = await watchLongTasks(page);
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    await paste(page, editor);
    await expect(editor).toHaveValue(code);
    await expect(slide.getByRole('alert')).toHaveCount(0);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await slide.getByRole('button', { name: 'To the end' }).click({ timeout: 30_000 });
    await expect(slide.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText([
      String(code.split('\n').length - 2),
    ]);
    // a long listing is shown around the line that runs, not all of it at each step
    await slide.getByRole('button', { name: 'Reset to the start' }).click();
    await slide.getByRole('button', { name: 'Step forward' }).click();
    await expect(
      slide.getByText(/^Lines 1–30 of [\d,]+: a long listing is shown around the line that runs\.$/),
    ).toBeVisible();
    await slide.getByRole('button', { name: 'To the end' }).click();
    await slide.getByRole('button', { name: 'Step back' }).click();
    await slide.getByRole('button', { name: 'Your code (JavaScript subset)' }).click();
    await expect(slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' })).toBeVisible();
    const long = await longTasks();
    test.info().annotations.push({ type: 'long tasks (ms)', description: JSON.stringify(long) });
    expect(long.filter((d) => d > 200)).toEqual([]);
  });

  test('a program that prints 100,000 lines: no guess, its latest output lines, no long task, a bounded heap', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const slide = await openYourCode(page);
    const cdp = await page.context().newCDPSession(page);
    const heapMb = async (): Promise<number> => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize / 1e6;
    };
    const base = await heapMb();
    const longTasks = await watchLongTasks(page);
    // the 45 bytes: drawing every line in the guess (with its buttons) and in the output held the page 20 s
    await slide
      .getByRole('textbox', { name: 'Your code (JavaScript subset)' })
      .fill('for (let i = 0; i < 100000; i++) console.log(i);');
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(
      slide.getByRole('status').filter({ hasText: 'This program prints 100,000 lines: too many to order by hand' }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(slide.getByRole('button', { name: 'Check my order' })).toHaveCount(0);
    const output = slide.getByRole('group', { name: 'Output' });
    const lines = output.getByRole('listitem');
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect(lines).toHaveCount(50);
    await expect(lines.first()).toHaveText('99950');
    await expect(lines.last()).toHaveText('99999');
    await expect(output).toContainText('… 99,950 earlier lines not shown: the last 50 of 100,000 printed so far.');
    await slide.getByRole('button', { name: 'Step back' }).click();
    await slide.getByRole('button', { name: 'Step forward' }).click();
    await expect(lines.last()).toHaveText('99999');
    await page.getByRole('button', { name: 'Switch to Russian' }).click();
    await expect(slide.getByRole('status').filter({ hasText: 'Программа выводит 100 000 строк' })).toBeVisible();
    await expect(slide.getByRole('group', { name: 'Вывод' })).toContainText(
      '… более ранние строки не показаны (99 950): здесь последние 50 из 100 000 выведенных.',
    );
    await expect(slide.getByRole('group', { name: 'Вывод' }).getByRole('listitem')).toHaveCount(50);
    const long = await longTasks();
    const heap = Math.round((await heapMb()) - base);
    test
      .info()
      .annotations.push({ type: 'long tasks (ms), heap growth (MB)', description: JSON.stringify({ long, heap }) });
    expect(long.filter((d) => d > 200)).toEqual([]);
    // the run's result is kept (100,000 output lines, a few MB); nothing grows with the lines drawn
    expect(heap).toBeLessThan(40);
  });

  test('the memory of replaced results comes back: five long runs in a row keep at most the result store’s bound', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const slide = await openYourCode(page);
    const cdp = await page.context().newCDPSession(page);
    const heapMb = async (): Promise<number> => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize / 1e6;
    };
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    const base = await heapMb();
    const after: number[] = [];
    for (let run = 0; run < 5; run++) {
      // five different programs (the store keys results by their code), each a recording of thousands of steps
      const code = longSnippet(60_000).replace('let a = 0;', `let a = ${run};`);
      await copy(page, code);
      await paste(page, editor);
      await slide.getByRole('button', { name: 'Run in the simulator' }).click();
      await slide.getByRole('button', { name: 'To the end' }).click({ timeout: 60_000 });
      await expect(slide.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText([
        String(code.split('\n').length - 2 + run),
      ]);
      await slide.getByRole('button', { name: 'Your code (JavaScript subset)' }).click();
      after.push(Math.round(await heapMb()));
    }
    test.info().annotations.push({ type: 'heap (MB)', description: JSON.stringify({ base, after }) });
    // The page keeps the results it may show again up to the store's bound (30 MB, sim-limits.ts); anything
    // beyond that, each run's recording kept for good, would grow the heap run after run.
    expect(after.at(-1)! - base).toBeLessThan(30 + 20);
  });
});

/** `<hsw-slide>` on a page of another origin: the worker there is a blob: of that page's origin importing the deck's. */
test.describe('your code in <hsw-slide> on another origin', () => {
  let server: Server;
  let host = '';
  let page$ = '';
  /** the host page's Content-Security-Policy header ('' none) */
  let csp = '';
  test.beforeAll(async () => {
    server = createServer((_req, res) =>
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          ...(csp ? { 'content-security-policy': csp } : {}),
        })
        .end(page$),
    );
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  test('runs beside the page, and gives its result', async ({ page, baseURL }) => {
    csp = '';
    page$ = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>host</title>
      <script type="module" src="${baseURL ?? ''}embed.js"></script></head>
      <body><hsw-slide slide="micro-macro" lang="en"></hsw-slide></body></html>`;
    await page.goto(`${host}/`);
    const demo = page.locator('hsw-micro-macro');
    await demo.getByRole('combobox', { name: 'Example' }).selectOption('custom');
    await demo.evaluate((el) => {
      (el as HTMLElement & { budgetMs: number }).budgetMs = 120_000;
    });
    const editor = demo.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    const run = demo.getByRole('button', { name: 'Run in the simulator' });
    await editor.fill(LONG);
    await run.click();
    await expect(demo.locator('.job.running')).toContainText('runs beside the page');
    await demo.getByRole('button', { name: 'Stop' }).click();
    await editor.fill("queueMicrotask(() => console.log('micro'));\nconsole.log('sync');");
    await run.click();
    await demo.getByRole('button', { name: 'Skip the guess' }).click();
    await demo.getByRole('button', { name: 'To the end' }).click();
    await expect(demo.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText(['sync', 'micro']);
  });
  test('on a page whose policy forbids workers: in slices on the page’s thread, with the budget, and Stop', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    csp = "worker-src 'none'";
    page$ = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>strict host</title>
      <script type="module" src="${baseURL ?? ''}embed.js"></script></head>
      <body><hsw-slide slide="micro-macro" lang="en"></hsw-slide></body></html>`;
    await page.goto(`${host}/`);
    const demo = page.locator('hsw-micro-macro');
    await demo.getByRole('combobox', { name: 'Example' }).selectOption('custom');
    const longTasks = await watchLongTasks(page);
    const editor = demo.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    const run = demo.getByRole('button', { name: 'Run in the simulator' });
    const alert = demo.getByRole('alert');
    // an endless task cannot be split: stopped at once, said so (not a frozen page)
    await editor.fill('while (true) {}');
    await run.click();
    await expect(alert).toContainText(
      'Stopped: this page allows no worker, so the simulator runs on the page’s own thread',
    );
    await expect(alert).toContainText('(at line 1) ran longer than 40 ms at once');
    const slideEl = page.locator('hsw-slide');
    await slideEl.evaluate((el) => el.setAttribute('lang', 'ru'));
    await expect(alert).toContainText('Остановлено: эта страница не разрешает worker');
    await expect(alert).toContainText('(на строке 1) шла дольше 40 мс подряд');
    await slideEl.evaluate((el) => el.setAttribute('lang', 'en'));
    // 10,000 timers: stopped by the same rule (the script's task sets them all) or by the budget, never a long task
    await editor.fill('for (let i = 0; i < 10000; i++) setTimeout(() => {}, 0);');
    await run.click();
    await expect(alert).toContainText(/Stopped: this page allows no worker|The simulation took longer than 5 s/);
    // many short tasks (timing exploration re-runs it): in slices, and the page's budget stops it like a worker's
    await demo.evaluate((el) => {
      (el as HTMLElement & { budgetMs: number }).budgetMs = 300;
    });
    await editor.fill(SLICED);
    await run.click();
    await expect(alert).toContainText('The simulation took longer than 0.3 s and was stopped');
    // … and Stop ends it between two slices
    await demo.evaluate((el) => {
      (el as HTMLElement & { budgetMs: number }).budgetMs = 120_000;
    });
    await editor.fill(`${SLICED}\n`);
    await run.click();
    await expect(demo.locator('.job.running')).toContainText('in short slices');
    await demo.getByRole('button', { name: 'Stop' }).click();
    await expect(demo.getByRole('status').filter({ hasText: 'Stopped. Change the code' })).toBeVisible();
    // a short snippet still gives its result
    await editor.fill("queueMicrotask(() => console.log('micro'));\nconsole.log('sync');");
    await run.click();
    await demo.getByRole('button', { name: 'Skip the guess' }).click();
    await demo.getByRole('button', { name: 'To the end' }).click();
    await expect(demo.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText(['sync', 'micro']);
    // the one console error is the policy's own refusal of the worker
    const refusals = consoleErrors.filter((e) => /worker/i.test(e) && /Content Security Policy|violates/i.test(e));
    expect(refusals.length).toBeGreaterThan(0);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refusals.includes(e)));
    const long = await longTasks();
    test.info().annotations.push({ type: 'long tasks (ms)', description: JSON.stringify(long) });
    expect(long.filter((d) => d > 200)).toEqual([]);
  });
});

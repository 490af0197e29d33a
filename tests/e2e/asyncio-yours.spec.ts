import type { Locator, Page } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide, seriousViolations } from './fixtures.ts';
import { SEED_PROGRAMS } from '../../components/asyncio-loop/asyncio-loop-yours.ts';

/**
 * "Your code" on asyncio-loop: a person's program recorded by CPython 3.14 (Pyodide) in a worker, under the built
 * site's policy (the pages' strict CSP; the worker's own, scripts/pyodide-files.ts). Loading Python on two shared
 * cores takes seconds: waits are on conditions, generous. Any CSP violation is a console error (the fixture fails).
 */
const LOAD_MS = 120_000;

const TEXT = {
  en: {
    tab: 'Your code',
    editor: 'Your asyncio program (Python)',
    run: 'Run',
    stop: 'Stop',
    loading: /^Loading Python 3\.14, 5\.5 MB$/,
    output: 'Output',
    step: 'Step forward',
    recorded: 'Recorded by CPython 3.14',
    refused: 'Refused: import threading',
    syntax: 'Syntax error on line 2',
    stopped: 'Stopped: the worker was terminated.',
    debug: 'asyncio debug mode (as PYTHONASYNCIODEBUG=1)',
    overtime: 'Stopped: a callback held the loop for more than 5 s',
    turnOf: /Turn 2 of 9(?!\d)/,
    workers: 'What the executor\u2019s workers did in this turn (to_thread, run_in_executor)',
    yourLines: 'Your code, lines 19\u201322: the lines this turn ran are marked',
  },
  ru: {
    tab: 'Ваш код',
    editor: 'Ваша программа на asyncio (Python)',
    run: 'Запустить',
    stop: 'Остановить',
    loading: /^Загрузка Python 3\.14, 5,5 МБ$/,
    output: 'Вывод',
    step: 'Шаг вперёд',
    recorded: 'Записано CPython 3.14',
    refused: 'Отказано: import threading',
    syntax: 'Синтаксическая ошибка в строке 2',
    stopped: 'Остановлено: воркер завершён.',
    debug: 'режим отладки asyncio (как PYTHONASYNCIODEBUG=1)',
    overtime: 'Остановлено: колбэк держал цикл дольше 5 с',
    turnOf: /Оборот 2 из 9(?!\d)/,
    workers: 'Что сделали исполнители пула в этом обороте (to_thread, run_in_executor)',
    yourLines: 'Ваш код, строки 19\u201322: отмечены выполненные в этом обороте',
  },
} as const;

/** A blocking call in asyncio.to_thread beside a ticker: CPython 3.11 with real threads prints THREADS_OUT (tests/unit/asyncio-recorder-real.test.ts). */
const THREADS =
  "import asyncio\nimport time\n\n\ndef blocking_io(seconds):\n    print('io start')\n    time.sleep(seconds)\n    print('io done')\n    return seconds * 10\n\n\n" +
  "async def ticker():\n    for i in range(4):\n        print('tick', i)\n        await asyncio.sleep(0.2)\n\n\n" +
  "async def main():\n    t = asyncio.create_task(ticker())\n    await asyncio.sleep(0.01)\n    print('to_thread gave', await asyncio.to_thread(blocking_io, 0.49))\n    await t\n\n\nasyncio.run(main())\n";
const THREADS_OUT = 'tick 0\nio start\ntick 1\ntick 2\nio done\nto_thread gave 4.9\ntick 3';

async function open(page: Page, lang: 'en' | 'ru'): Promise<Locator> {
  await gotoSlide(page, 'asyncio-loop', { lang });
  const demo = currentSlide(page).locator('hsw-asyncio-loop');
  await demo.getByRole('button', { name: TEXT[lang].tab }).click();
  return demo;
}

async function runProgram(demo: Locator, lang: 'en' | 'ru', source: string): Promise<void> {
  await demo.getByRole('textbox', { name: TEXT[lang].editor }).fill(source);
  await demo.getByRole('button', { name: TEXT[lang].run, exact: true }).click();
  await expect(demo.getByRole('button', { name: TEXT[lang].run, exact: true })).toBeEnabled({ timeout: LOAD_MS });
}

/**
 * What English adds to the sequence, on the same worker (each load of Python is seconds of both cores): the built
 * policy, read around the first load, and the ways out of the sandbox, tried before Stop ends that worker.
 */
async function watchPolicy(page: Page): Promise<{ violations: string[]; workerPolicy: Promise<string> }> {
  const violations: string[] = [];
  await page.exposeFunction('hswViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { hswViolation: (v: string) => void }).hswViolation(
        `${e.effectiveDirective} ${e.blockedURI}`,
      );
    });
  });
  const workerPolicy = page
    .waitForResponse((r) => /\/assets\/py-worker-[\w-]+\.js$/.test(r.url()), { timeout: LOAD_MS })
    .then(async (r) => (await r.headerValue('content-security-policy')) ?? '');
  return { violations, workerPolicy };
}

/** The pages keep their policy, the worker has its own with wasm-unsafe-eval only; nothing was refused. */
async function expectBuiltPolicy(page: Page, watched: Awaited<ReturnType<typeof watchPolicy>>): Promise<void> {
  const pagePolicy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  expect(pagePolicy).toContain("script-src 'self'");
  expect(pagePolicy).not.toContain('wasm-unsafe-eval');
  expect(pagePolicy).not.toContain('unsafe-eval');
  const csp = await watched.workerPolicy;
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
  expect(watched.violations).toEqual([]);
}

/** A program cannot reach the page, the network or storage: each way out is refused or harmless. */
async function expectSandboxed(demo: Locator): Promise<void> {
  const alert = demo.getByRole('alert');
  const output = demo.getByRole('log', { name: 'Output' });
  // refused before the program runs: the recorder refuses js and pyodide, by `import` and by __import__
  for (const [program, what] of [
    ["import js\njs.fetch('https://example.com')\n", 'import js'],
    ['from pyodide.http import pyfetch\n', 'import pyodide.http'],
    ["import js\njs.postMessage('hello')\n", 'import js'],
    ['import js\njs.self.close()\n', 'import js'],
    ["__import__('js').fetch('https://example.com')\n", 'import js'],
  ] as const) {
    await runProgram(demo, 'en', program);
    await expect(alert).toContainText(`Refused: ${what}`);
    await expect(alert).toContainText('cannot reach the page');
  }
  // around the import: sys.modules holds no js while the program runs
  await runProgram(
    demo,
    'en',
    "import sys\nprint('js' in sys.modules, any(k.startswith('pyodide') for k in sys.modules))\n",
  );
  await expect(output).toHaveText('False False');
  // a JS object reached through the loop's internals (Pyodide's webloop): its Function constructor is eval, which the
  // worker's own policy refuses
  await runProgram(
    demo,
    'en',
    'import asyncio\nfrom asyncio import events\ng = type(events._get_event_loop_policy()).get_event_loop.__globals__\n' +
      "try:\n    g['scheduleCallback'].constructor('return self')()\n    print('eval ran')\nexcept Exception as e:\n    print(type(e).__name__, str(e)[:60])\n",
  );
  await expect(output).toContainText('EvalError: Evaluating a string as JavaScript violates');
  // and the worker is still there, answering: a program after all of these records as before
  await runProgram(demo, 'en', "import asyncio\n\nasync def main():\n    print('still here')\n\nasyncio.run(main())\n");
  await expect(output).toHaveText('still here');
  await expect(demo.getByText('The program ran to its end.')).toBeVisible();
}

for (const lang of ['en', 'ru'] as const) {
  const t = TEXT[lang];
  test(`your code in ${lang}: Run loads Python with a progress bar, the turns step, Stop, a refusal, a syntax error, a traceback, debug mode, the time budget${lang === 'en' ? '; under the built policy, no serious a11y violation, no way out of the sandbox' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const watched = lang === 'en' ? await watchPolicy(page) : null;
    // Python is fetched ahead (the slide shown): its wasm held back until Run, so that Run finds it loading
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/pyodide/pyodide.asm.wasm', async (route) => {
      await held;
      await route.continue();
    });
    const demo = await open(page, lang);
    await demo.getByRole('textbox', { name: t.editor }).fill(SEED_PROGRAMS.blocking50);
    await demo.getByRole('button', { name: t.run, exact: true }).click();
    release();
    // the progress bar over the download, named with what it loads
    const bar = demo.getByRole('progressbar', { name: t.loading });
    await expect(bar).toBeVisible({ timeout: LOAD_MS });
    await expect(demo.getByRole('button', { name: t.run, exact: true })).toBeEnabled({ timeout: LOAD_MS });
    await expect(bar).toHaveCount(0);
    await expect(demo.getByText(t.recorded)).toBeVisible();
    // seed 000: fifty tasks of time.sleep(0.1) are one turn of 50 handles that kept the loop 5 s
    await expect(demo.getByRole('log', { name: t.output })).toHaveText('done at 5.0');
    const step = demo.getByRole('button', { name: t.step });
    await step.click();
    await step.click();
    await expect(demo.getByRole('status').filter({ hasText: t.turnOf })).toBeVisible();
    await expect(demo.locator('.callout.bad').first()).toContainText(lang === 'en' ? 'busy for 5 s' : 'занят 5 с');
    if (watched) {
      await expectBuiltPolicy(page, watched);
      // the tab with a recording, stepped
      expect(await seriousViolations(page, 'section#asyncio-loop')).toEqual([]);
      await expectSandboxed(demo);
      // a module of the standard library outside the part loaded first: the rest of it comes, and the program runs
      const whole = page.waitForRequest(/\/pyodide\/python_stdlib\.zip$/);
      await runProgram(demo, lang, "import difflib\nprint(difflib.get_close_matches('appel', ['apple', 'pear']))\n");
      await whole;
      await expect(demo.getByRole('log', { name: t.output })).toHaveText("['apple']");
    }

    // to_thread runs, on a modelled worker (no threads in WebAssembly): the output CPython prints; turn 4 (main
    // resumed at 0.01 s) names the call its task runs, says what the worker did, and marks the program's lines
    await runProgram(demo, lang, THREADS);
    await expect(demo.getByRole('log', { name: t.output })).toHaveText(THREADS_OUT);
    for (let i = 0; i < 4; i++) await step.click();
    await expect(demo.locator('.chip').filter({ hasText: 'Task.__wakeup (main())' }).first()).toBeVisible();
    await expect(demo.getByRole('list', { name: t.workers })).toContainText(
      'blocking_io(0.49) submitted to worker asyncio_0 (modelled: WebAssembly has no threads)',
    );
    const mine = demo.locator(`hsw-code pre[aria-label="${t.yourLines}"]`);
    await expect(mine.locator('.line')).toHaveCount(4);
    await expect(mine.locator('.line.current')).toHaveText([
      '    await asyncio.sleep(0.01)',
      "    print('to_thread gave', await asyncio.to_thread(blocking_io, 0.49))",
    ]);

    // a refusal: threads
    await runProgram(demo, lang, 'import asyncio\nimport threading\n');
    await expect(demo.getByRole('alert')).toContainText(t.refused);
    // a syntax error: CPython's message and line
    await runProgram(demo, lang, 'import asyncio\nasync def main(:\n    pass\n');
    await expect(demo.getByRole('alert')).toContainText(t.syntax);
    await expect(demo.getByRole('alert')).toContainText('SyntaxError');
    // a traceback in the output panel
    await runProgram(
      demo,
      lang,
      "import asyncio\n\nasync def main():\n    await asyncio.sleep(0)\n    raise ValueError('no')\n\nasyncio.run(main())\n",
    );
    await expect(demo.getByRole('log', { name: t.output })).toContainText('Traceback (most recent call last)');
    await expect(demo.getByRole('log', { name: t.output })).toContainText('ValueError: no');
    // asyncio's debug mode: the slow callback warning, on the loop's (virtual) clock, in the output
    await demo.getByRole('checkbox', { name: t.debug }).check();
    await runProgram(
      demo,
      lang,
      'import asyncio\nimport time\n\nasync def main():\n    time.sleep(0.25)\n\nasyncio.run(main())\n',
    );
    await expect(demo.getByRole('log', { name: t.output })).toContainText('took 0.250 seconds');
    await demo.getByRole('checkbox', { name: t.debug }).uncheck();
    // Stop: a program that never returns from one step, stopped by the person
    await demo
      .getByRole('textbox', { name: t.editor })
      .fill('import asyncio\n\nasync def main():\n    while True:\n        pass\n\nasyncio.run(main())\n');
    await demo.getByRole('button', { name: t.run, exact: true }).click();
    await demo.getByRole('button', { name: t.stop }).click();
    await expect(demo.getByText(t.stopped)).toBeVisible();
    // the time budget: the same program left alone is stopped from outside after 5 s and 2 s of grace
    await demo.getByRole('button', { name: t.run, exact: true }).click();
    await expect(demo.getByRole('alert')).toContainText(t.overtime, { timeout: LOAD_MS });
    // and none of the programs after the first made the page or the worker break its policy
    if (watched) expect(watched.violations).toEqual([]);
  });
}

/** The Pyodide files a page fetched (the worker's requests too), with the bytes of each body as sent. */
function watchPython(page: Page): { files: string[]; sent: Map<string, { bytes: number; encoding: string }> } {
  const files: string[] = [];
  const sent = new Map<string, { bytes: number; encoding: string }>();
  page.on('request', (r) => {
    if (r.url().includes('/pyodide/')) files.push(new URL(r.url()).pathname.split('/').pop()!);
  });
  page.on('requestfinished', (r) => {
    if (!r.url().includes('/pyodide/')) return;
    void (async () => {
      const response = await r.response();
      const sizes = await r.sizes();
      sent.set(new URL(r.url()).pathname.split('/').pop()!, {
        bytes: sizes.responseBodySize,
        encoding: (await response?.headerValue('content-encoding')) ?? '',
      });
    })().catch(() => {}); // (a page closed while a file was still arriving: not counted)
  });
  return { files, sent };
}

test('Python is fetched ahead while the slide is next, once, compressed; an embed fetches it only when "Your code" is opened', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const py = watchPython(page);
  // the slide before asyncio-loop: nothing clicked, Python comes in idle time, each file once
  await gotoSlide(page, 'python-asyncio', { lang: 'en' });
  await expect.poll(() => py.sent.has('pyodide.asm.wasm'), { timeout: LOAD_MS }).toBe(true);
  expect([...py.files].sort()).toEqual(
    // the standard library in part: the whole of it only for a program that imports from the rest
    ['pyodide-lock.json', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'pyodide.mjs', 'python_stdlib_asyncio.zip'].sort(),
  );
  // brotli from the build's copies: the wasm in under a third of its 9.6 MB
  const wasm = py.sent.get('pyodide.asm.wasm')!;
  expect(wasm.encoding).toBe('br');
  expect(wasm.bytes).toBeLessThan(9_597_892 / 3);

  // an embed of the slide: no Python until the person opens "Your code"
  const embedded = await page.context().newPage();
  const inEmbed = watchPython(embedded);
  await embedded.goto('embed.html?slide=asyncio-loop&lang=en');
  const demo = embedded.locator('hsw-asyncio-loop');
  await expect(demo.getByRole('button', { name: 'Your code' })).toBeVisible();
  // longer than the idle callback's own limit (2 s): a prefetch would have started
  await embedded.waitForTimeout(3000);
  expect(inEmbed.files).toEqual([]);
  await demo.getByRole('button', { name: 'Your code' }).click();
  await expect.poll(() => inEmbed.files.includes('pyodide.asm.wasm'), { timeout: LOAD_MS }).toBe(true);
  await embedded.close();
});

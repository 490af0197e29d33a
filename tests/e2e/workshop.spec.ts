import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { RealRedis, redisMissing } from '../../scripts/loopback-services.ts';
import { test, expect, gotoSlide, currentSlide, seriousViolations } from './fixtures.ts';
import { slides } from '../../slides/index.ts';

/**
 * Workshop mode end to end: the real workshop server (server/cli.ts, started here on 127.0.0.1 with a free port and a
 * temporary log, against this run's decks: DIST_DIR and PHONE_DIST_DIR) with the presenter's projected deck and three
 * participants' phones, each in its own browser context.
 */
const root = resolve(import.meta.dirname, '../..');
const dist = resolve(root, process.env['DIST_DIR'] ?? 'dist');
const phoneDist = resolve(root, process.env['PHONE_DIST_DIR'] ?? 'dist-phone');

interface Running {
  child: ChildProcess;
  data: string;
  origin: string;
  room: string;
  secret: string;
}

async function startServer(
  opts: { port?: number; data?: string; env?: Record<string, string>; args?: string[] } = {},
): Promise<Running> {
  const data = opts.data ?? mkdtempSync(join(tmpdir(), 'hsw-workshop-e2e-'));
  const child = spawn(
    process.execPath,
    [
      resolve(root, 'node_modules/tsx/dist/cli.mjs'),
      'server/cli.ts',
      '--no-build',
      '--json',
      ...[
        '--port',
        String(opts.port ?? 0),
        '--host',
        '127.0.0.1',
        '--data',
        data,
        '--dist',
        dist,
        '--phone',
        phoneDist,
      ],
      ...(opts.args ?? []),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...opts.env } },
  );
  const ready = await new Promise<{ port: number; room: string; secret: string }>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the workshop server did not start within 30 s')), 30_000);
    child.once('exit', (code) => fail(new Error(`the workshop server exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { ready?: boolean; port: number; room: string; secret: string };
        if (msg.ready) {
          clearTimeout(timer);
          ok(msg);
        }
      } catch {
        /* not the ready line */
      }
    });
  });
  return { child, data, origin: `http://127.0.0.1:${ready.port}`, room: ready.room, secret: ready.secret };
}

async function stopServer(s: Running | undefined, keepData = false): Promise<void> {
  if (!s) return;
  if (s.child.exitCode === null) {
    const exited = new Promise((ok) => s.child.once('exit', ok));
    s.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((ok) => setTimeout(ok, 10_000))]);
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
  if (!keepData) rmSync(s.data, { recursive: true, force: true });
}

/**
 * Called inside a `describe`: its tests run in order (serial) against one server, started before the first and stopped
 * after the last; returns the running server.
 */
function serverForDescribe(): () => Running {
  test.describe.configure({ mode: 'serial' });
  let server: Running | undefined;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await stopServer(server);
  });
  return () => server!;
}

/** A page that fails the test on a console error, as the fixture does for `page`. */
function watch(page: Page, errors: string[], who: string): Page {
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${who}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
  return page;
}

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('html[data-deck-ready="true"]');
}

/**
 * The presenter's projected deck opened as the presenter opens it: by the address `npm run workshop` printed, with the
 * secret, which the server trades for a cookie and a move to the same address without it; then ready and connected.
 * `tail`: the deck's parameters and slide after `/presenter/<secret>/`.
 */
async function openProjector(page: Page, s: Running, tail = '?lang=en#/title'): Promise<Page> {
  await page.goto(`${s.origin}/presenter/${s.secret}/${tail}`);
  await ready(page);
  await expect(page.locator('.workshop-bar [role="status"]')).toHaveText('Connected');
  return page;
}

/** The presenter's remote (remote.html) opened the same way, by its printed address; connected. */
async function openRemote(page: Page, s: Running, params = '?lang=en'): Promise<Page> {
  await page.goto(`${s.origin}/presenter/${s.secret}/remote.html${params}`);
  await expect(page.getByRole('status')).toHaveText('Connected');
  return page;
}

/**
 * Where `secret` shows in a page, for a person, a copy or a program of the page: the page's own address (the address
 * bar, its history entry, what a worker's program reads as the page's), where it came from, and every resource it
 * loaded (its Performance entries); the title; the text of every node, in open shadow roots too (hidden text
 * included: a closed dialog is opened later); every attribute of every element there (data-*, value, href, src, a QR
 * code's text, a label); the value of every field; every link's address as it resolves (a hovered link shows it, and
 * "copy link address" copies it); what the page copied (`window.__copied`, recorded by `recordCopies`). One entry per
 * finding, with where it was.
 */
function secretShownIn(secret: string): string[] {
  const found: string[] = [];
  const short = (v: string) => v.slice(0, 160).replace(/\s+/g, ' ');
  const addresses: [string, string][] = [
    ['location.href', window.location.href],
    ['document.URL', document.URL],
    ['document.baseURI', document.baseURI],
    ['document.referrer', document.referrer],
    ...performance.getEntries().map((e): [string, string] => [`a Performance entry (${e.entryType})`, e.name]),
  ];
  for (const [what, address] of addresses) if (address.includes(secret)) found.push(`${what}: ${short(address)}`);
  if (document.title.includes(secret)) found.push(`document.title: ${short(document.title)}`);
  const skip = new Set(['script', 'style', 'link', 'meta', 'noscript', 'template']);
  const walk = (root: Document | ShadowRoot | Element, where: string) => {
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
      const parent = n.parentElement?.localName ?? '';
      if (!skip.has(parent) && n.textContent?.includes(secret))
        found.push(`${where} text in <${parent}>: ${short(n.textContent)}`);
    }
    for (const el of root.querySelectorAll('*')) {
      if (skip.has(el.localName)) continue;
      for (const a of el.attributes)
        if (a.value.includes(secret)) found.push(`${where} <${el.localName} ${a.name}="${short(a.value)}">`);
      const value = (el as Partial<HTMLInputElement>).value;
      if (typeof value === 'string' && value.includes(secret))
        found.push(`${where} <${el.localName}>.value: ${short(value)}`);
      if (el instanceof HTMLAnchorElement || el instanceof HTMLAreaElement) {
        const target = el.href;
        if (target && target.includes(secret))
          found.push(
            `${where} link <${el.localName} href="${short(el.getAttribute('href') ?? '')}"> to ${short(target)}`,
          );
      }
      if (el.shadowRoot) walk(el.shadowRoot, `${where} <${el.localName}>'s shadow root:`);
    }
  };
  walk(document.body, '');
  for (const c of (window as unknown as { __copied?: string[] }).__copied ?? [])
    if (c.includes(secret)) found.push(`copied: ${short(c)}`);
  return found;
}

/**
 * Every address a context's pages load or open, as the browser sends it: each request (documents and their redirects,
 * frames, scripts, workers' scripts, fetches), each WebSocket's and each worker's URL. Call before the first page.
 */
function recordAddresses(ctx: BrowserContext): string[] {
  const seen: string[] = [];
  ctx.on('request', (r) => seen.push(r.url()));
  ctx.on('page', (p) => {
    p.on('websocket', (ws) => seen.push(ws.url()));
    p.on('worker', (w) => seen.push(w.url()));
  });
  return seen;
}

/** Every text the page puts on the clipboard, kept in `window.__copied` (and not on the machine's clipboard). */
async function recordCopies(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const copied: string[] = [];
    Object.defineProperty(window, '__copied', { value: copied });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    });
  });
}

test.use({ actionTimeout: 15_000 });
// The longest test here (every slide, twice read, with its dialogs), with a server of its own: it reads a room and
// changes nothing another test reads, so it runs beside the serial tests below instead of at the end of their chain.
// Serial, as they are: Playwright queues a file's serial groups in the file's order, and groups with hooks after them.
test.describe('the presenter’s secret, with its own server', () => {
  const server = serverForDescribe();

  test('the presenter’s secret is in nothing the projector or the speaker view shows, copies or links to', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const s = server();
    const errors: string[] = [];
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await recordCopies(ctx);
    const addresses = recordAddresses(ctx);
    /**
     * Fails at the first place (the page or a frame of it) that shows the secret, saying where. A frame that navigates
     * while it is read (the speaker view loads its copies of the deck again) is read again once it has loaded: every
     * frame's document is read as it stands after the move.
     */
    const check = async (page: Page, where: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          for (const frame of page.frames()) {
            const found = await frame.evaluate(secretShownIn, s.secret);
            const name = frame === page.mainFrame() ? where : `${where}, a frame of it`;
            expect(found, `the secret in ${name}`).toEqual([]);
          }
          return;
        } catch (e) {
          if (attempt === 3 || !/Execution context was destroyed|Frame was detached/.test(String(e))) throw e;
          for (const frame of page.frames()) await frame.waitForLoadState().catch(() => {});
        }
      }
    };
    try {
      ctx.on('page', (p) => watch(p, errors, 'speaker view'));
      const projector = await openProjector(watch(await ctx.newPage(), errors, 'projector'), s);
      const popup = ctx.waitForEvent('page');
      await projector.keyboard.press('s');
      const speaker = await popup;
      await expect(speaker.locator('#workshop-status')).toContainText(`room ${s.room}`);
      await projector.bringToFront();

      const ids = await projector.locator('.reveal .slides > section').evaluateAll((els) => els.map((e) => e.id));
      expect(ids.length).toBeGreaterThan(20);
      const panel = projector.getByRole('dialog', { name: /Workshop/ });
      const embed = projector.locator('dialog.embed-dialog');
      let embeds = 0;
      for (const id of ids) {
        await projector.evaluate((h) => (window.location.hash = h), `#/${id}`);
        const slide = projector.locator(`section#${id}`);
        await expect(slide).toHaveClass(/present/);
        const tag = await slide
          .locator('.demo')
          .evaluate((el) => el.localName)
          .catch(() => null);
        if (tag) await projector.waitForFunction((t) => customElements.get(t) !== undefined, tag);
        await expect(speaker.locator('#workshop-status')).toBeVisible();
        await check(projector, `#/${id}`);
        await check(speaker, `speaker view at #/${id}`);
        // The Embed dialog, and both its copy buttons. Presenting hides the page's buttons (the projector is
        // presented), so the dialog is opened as its button would open it: what it would show must not name the
        // secret either.
        const embedButton = projector.getByRole('button', {
          name: 'Embed this demo in another page',
          includeHidden: true,
        });
        await expect(embedButton).toBeHidden();
        if (!(await embedButton.evaluate((b) => (b as HTMLButtonElement).hidden))) {
          embeds++;
          await embedButton.dispatchEvent('click');
          await expect(embed).toBeVisible();
          await embed.getByRole('button', { name: 'Copy the frame snippet' }).click();
          await embed.getByRole('button', { name: 'Copy the web component snippet' }).click();
          await expect(embed.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(2);
          await check(projector, `#/${id}, the Embed dialog`);
          await expect(embed.getByRole('textbox').first()).toHaveValue(
            new RegExp(`src="${s.origin}/embed\\.html\\?slide=${id}&`),
          );
          await embed.getByRole('button', { name: 'Close' }).click();
          await expect(embed).toBeHidden();
          // its hidden opener cannot take the focus back: the page's body gets it, and with it the deck's keys
          await projector.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          await expect.poll(() => projector.evaluate(() => document.activeElement === document.body)).toBe(true);
        }
        // The workshop panel (W), with its export.
        await projector.keyboard.press('w');
        await expect(panel).toBeVisible();
        await projector.waitForFunction(() => customElements.get('hsw-qr-code') !== undefined);
        await check(projector, `#/${id}, the panel`);
        if (id === 'summary') {
          // The top nicknames on, and the export saved: from no address with the key.
          await panel.getByRole('checkbox', { name: 'Show the top nicknames on the summary' }).check();
          const download = projector.waitForEvent('download');
          await panel.getByRole('button', { name: 'Export JSON' }).click();
          expect((await download).url()).not.toContain(s.secret);
        }
        await panel.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(panel).toBeHidden();
        await check(projector, `#/${id}, after the panel`);
      }
      expect(embeds).toBeGreaterThan(10);
      expect(await projector.evaluate(() => (window as unknown as { __copied: string[] }).__copied.length)).toBe(
        2 * embeds,
      );
      // The snippets' address is the participants' deck, and it serves the demo.
      const embedded = await ctx.newPage();
      await embedded.goto(`${s.origin}/embed.html?slide=c10k&lang=en`);
      await embedded.waitForFunction(() => customElements.get('hsw-c10k') !== undefined);
      await expect(embedded.locator('hsw-c10k')).toBeVisible();
      await embedded.close();
      // A toast: an address that names no slide.
      await projector.evaluate(() => (window.location.hash = '#/no-such-slide'));
      await expect(projector.locator('.deck-toast')).toBeVisible();
      await check(projector, 'the toast');
      // Reveal's keyboard help (?) and overview (Esc).
      await projector.keyboard.press('?');
      await check(projector, 'the keyboard help');
      await projector.keyboard.press('Escape');
      await projector.keyboard.press('Escape');
      await check(projector, 'the overview');
      // Of every address the pages loaded or opened (the WebSocket's and the workers' too), only the printed one
      // carries the secret: the server answered it with the cookie and a move to an address without it.
      expect(addresses.filter((a) => a.startsWith('ws://')).length).toBeGreaterThan(0);
      expect(addresses.filter((a) => a.includes(s.secret))).toEqual([`${s.origin}/presenter/${s.secret}/?lang=en`]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

test.describe('the presenter’s pages by cookie, with their own server', () => {
  const server = serverForDescribe();

  test('the printed addresses leave a cookie: no address bar, history entry, frame, socket or request after carries the secret', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const s = server();
    const errors: string[] = [];
    const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const rc = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const projectorSaw = recordAddresses(pc);
    const remoteSaw = recordAddresses(rc);
    try {
      pc.on('page', (p) => watch(p, errors, 'speaker view'));
      // A presenter's page without the cookie: refused, saying where to go.
      const stranger = await browser.newContext();
      const refused = await (await stranger.newPage()).goto(`${s.origin}/presenter/?workshop=${s.room}&role=presenter`);
      expect(refused?.status()).toBe(403);
      expect(await refused?.text()).toContain("Open the presenter's address that npm run workshop printed");
      await stranger.close();

      const projector = await openProjector(watch(await pc.newPage(), errors, 'projector'), s);
      // The address bar: the page without the secret, its parameters and its slide kept.
      expect(projector.url()).toBe(`${s.origin}/presenter/?lang=en&workshop=${s.room}&role=presenter#/title`);
      await expect(projector.locator('section#title')).toHaveClass(/present/);
      // The cookie is out of the page's reach.
      expect(await projector.evaluate(() => document.cookie)).toBe('');
      const cookies = await pc.cookies();
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([
        [`hsw-presenter-${s.room}`, true, 'Strict', '/'],
      ]);
      expect(cookies[0]!.value).not.toContain(s.secret);
      // The speaker view (S) and its copies of the deck.
      const popup = pc.waitForEvent('page');
      await projector.keyboard.press('s');
      const speaker = await popup;
      await expect(speaker.locator('#workshop-status')).toContainText(`room ${s.room}`);
      await expect(speaker.locator('iframe')).toHaveCount(2);
      for (const page of [projector, speaker])
        for (const frame of page.frames()) expect(frame.url(), 'a frame').not.toContain(s.secret);
      // The remote, on the presenter's phone: its own printed address, its own cookie.
      const remote = await openRemote(watch(await rc.newPage(), errors, 'remote'), s);
      expect(remote.url()).toBe(`${s.origin}/presenter/remote.html?lang=en&workshop=${s.room}&role=presenter`);
      await remote.getByRole('button', { name: 'Next: the next demo step or slide' }).click();
      await expect(projector.locator('section#c10k')).toHaveClass(/present/);
      // Of everything both loaded or opened, the WebSockets included, only the printed address carries the secret.
      for (const [saw, printed] of [
        [projectorSaw, `${s.origin}/presenter/${s.secret}/?lang=en`],
        [remoteSaw, `${s.origin}/presenter/${s.secret}/remote.html?lang=en`],
      ] as const) {
        expect(new Set(saw.filter((a) => a.startsWith('ws://')))).toEqual(
          new Set([`${s.origin.replace('http:', 'ws:')}/ws`]),
        );
        expect(saw.filter((a) => a.includes(s.secret))).toEqual([printed]);
      }
      expect(errors).toEqual([]);
      // The history: before each page, the blank tab it was opened in; the redirect left no entry of its own.
      for (const page of [remote, projector]) {
        expect(await page.evaluate(() => window.history.length)).toBe(2);
        await page.goBack();
        expect(page.url()).toBe('about:blank');
      }
    } finally {
      await pc.close();
      await rc.close();
    }
  });
});

test.describe('workshop mode with the real server', () => {
  const server = serverForDescribe();

  test('three phones join by address, follow, vote blind; the projector counts, reveals; export', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const s = server();
    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    const open = async (b: Browser, opts: Parameters<Browser['newContext']>[0], who: string) => {
      const ctx = await b.newContext(opts);
      contexts.push(ctx);
      return watch(await ctx.newPage(), errors, who);
    };
    try {
      // The presenter's projected deck, on the title slide: the join address and its QR code.
      const projector = await openProjector(
        await open(browser, { viewport: { width: 1280, height: 720 } }, 'projector'),
        s,
      );
      await expect(projector.locator('.workshop-bar')).toContainText(`Room ${s.room}`);
      await expect(projector.getByRole('img', { name: `QR code of the address ${s.origin}/${s.room}` })).toBeVisible();

      // Three phones: the short address (a redirect) and the long one; a nickname each.
      const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' };
      const nicks = ['Ada', 'Bob', 'Cy <b>'];
      const phones: Page[] = [];
      for (const [i, nick] of nicks.entries()) {
        const p = await open(browser, phone, `phone ${nick}`);
        await p.goto(i === 0 ? `${s.origin}/${s.room}` : `${s.origin}/?workshop=${s.room}&lang=en`);
        await ready(p);
        const sheet = p.getByRole('dialog', { name: 'Join the workshop' });
        await expect(sheet).toBeVisible();
        await sheet.getByLabel('Nickname (optional)').fill(nick);
        await sheet.getByRole('button', { name: 'Join' }).click();
        await expect(sheet).toBeHidden();
        await expect(p.locator('.workshop-bar [role="status"]')).toHaveText('Connected');
        phones.push(p);
      }
      // No answer in any phone's page before the reveal (the phones' build withholds it).
      for (const p of phones) expect(await p.content()).not.toContain('gives control away only until');

      // The presenter moves to the quiz: every phone follows; the question shows, the vote is not open yet.
      await projector.evaluate(() => {
        window.location.hash = '#/quiz-busy-wait';
      });
      const quiz = projector.locator('section#quiz-busy-wait');
      await expect(quiz).toHaveClass(/present/);
      await expect(quiz.getByRole('status').first()).toHaveText('The next press opens the vote.');
      for (const p of phones) {
        await expect(p.locator('section#quiz-busy-wait')).toHaveClass(/present/);
        await expect(currentSlide(p).getByText('Wait for the presenter to open this question.')).toBeVisible();
      }
      // The clicker's next press opens it, on every phone.
      await projector.keyboard.press('PageDown');
      await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText(/^0 answered/);
      for (const p of phones) {
        await expect(p.locator('section#quiz-busy-wait')).toHaveClass(/present/);
        await expect(currentSlide(p).getByText('Choose your answer: you can answer once.')).toBeVisible();
      }

      // Two pick the right answer (3, the server hangs), one the first.
      const picks = [/^3\s*The server hangs/, /^3\s*The server hangs/, /^1\s*Nothing bad/];
      for (const [i, p] of phones.entries()) {
        await currentSlide(p).getByRole('button', { name: picks[i] }).click();
        await expect(currentSlide(p).getByText('Your answer is in. Wait for the reveal.')).toBeVisible();
        // Locked: the choices read as disabled, and a tap on another changes nothing.
        const other = currentSlide(p).getByRole('button', { name: /^2\s/ });
        await expect(other).toHaveAttribute('aria-disabled', 'true');
        await other.click({ force: true });
        await expect(currentSlide(p).getByRole('button', { name: picks[i] })).toHaveAttribute('aria-pressed', 'true');
      }

      // The projector: how many, never what.
      await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText(/^3 answered/);
      await expect(quiz.locator('button[aria-pressed="true"]')).toHaveCount(0);
      await expect(quiz.getByText(/\d votes?$/)).toHaveCount(0);
      await expect(quiz.locator('.demo')).not.toContainText('gives control away only until');

      // The next press reveals (as R does): the histogram, the right answer and the explanation on the projector…
      await projector.keyboard.press('PageDown');
      // (the projector presents: the question's short words for the hall, and the reveal is a picture: the right
      // choice marked, the histogram of the votes, the explanation's short paragraph; the rest is spoken)
      await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText('3 answered.');
      await expect(
        quiz.getByRole('button', { name: /^3\s*The whole server hangs.*right answer.*2 votes$/ }),
      ).toBeVisible();
      await expect(quiz.getByRole('button', { name: /^1\s*Fine: each.*1 vote$/ })).toBeVisible();
      await expect(quiz.locator('.demo').getByText('Each await queues the next microtask')).toBeVisible();
      await expect(quiz.locator('.demo').getByText(/gives control away only until/)).toHaveCount(0);
      // …and on each phone, with whether it was right.
      const verdicts = ['You were right!', 'You were right!', 'Not this time: see the right answer.'];
      for (const [i, p] of phones.entries()) {
        const slide = currentSlide(p);
        await expect(slide.getByText(verdicts[i]!)).toBeVisible();
        await expect(slide.getByRole('button', { name: /^3\s*The server hangs.*2 votes$/ })).toBeVisible();
        await expect(
          slide.locator('.demo').getByText(/gives control away only until the next microtask/),
        ).toBeVisible();
      }
      await expect(phones[0]!.locator('.workshop-bar')).toContainText('Score: 1 of 1');
      await expect(phones[2]!.locator('.workshop-bar')).toContainText('Score: 0 of 1');

      // A phone that browses away stops following, and comes back with the button.
      const p0 = phones[0]!;
      await p0.evaluate(() => {
        window.location.hash = '#/c10k';
      });
      await expect(p0.getByRole('button', { name: 'Follow the presenter' })).toBeVisible();
      await p0.getByRole('button', { name: 'Follow the presenter' }).click();
      await expect(p0.locator('section#quiz-busy-wait')).toHaveClass(/present/);

      // The panel (W): the room's counts and the export, which holds the three votes with their nicknames.
      await projector.keyboard.press('w');
      const panel = projector.getByRole('dialog', { name: /Workshop/ });
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('status')).toContainText('3 participants');
      // The export is a button (the key goes in a header, never in an address on the page) that saves the file.
      const download = projector.waitForEvent('download');
      await panel.getByRole('button', { name: 'Export CSV' }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe(`workshop-${s.room}.csv`);
      expect(saved.url()).not.toContain(s.secret);
      const csv = readFileSync(await saved.path(), 'utf8');
      const votes = csv.split('\r\n').filter((l) => l.includes(',"quiz-busy-wait",'));
      expect(votes).toHaveLength(3);
      expect(votes.filter((l) => l.endsWith(',3,true'))).toHaveLength(2);
      expect(votes.filter((l) => l.endsWith(',1,false'))).toHaveLength(1);
      for (const nick of ['Ada', 'Bob', 'Cy <b>']) expect(csv).toContain(nick);
      await panel.getByRole('button', { name: 'Close' }).click();

      // The next press leaves the quiz, and the phones follow.
      await projector.keyboard.press('PageDown');
      await expect(quiz).not.toHaveClass(/present/);
      await expect(phones[1]!.locator('section#quiz-busy-wait')).not.toHaveClass(/present/);

      // The summary shows the room's results; a nickname is text, never HTML.
      await projector.evaluate(() => {
        window.location.hash = '#/summary';
      });
      const summary = projector.locator('section#summary');
      await expect(summary.getByText('3 participants')).toBeVisible();
      await expect(summary.getByText('3 answered · 67% right')).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      for (const c of contexts) await c.close();
    }
  });

  test('the speaker view shows the room and the current question, and its buttons drive the poll', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const s = server();
    const errors: string[] = [];
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      ctx.on('page', (p) => watch(p, errors, 'speaker view'));
      const projector = watch(await ctx.newPage(), errors, 'projector');
      await projector.goto(
        // at the question's voting step (its first press): the vote opens there
        `${s.origin}/presenter/${s.secret}/?lang=en#/quiz-fastapi/0`,
      );
      await ready(projector);
      const quiz = projector.locator('section#quiz-fastapi');
      await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText(/^0 answered/);
      const popupPromise = ctx.waitForEvent('page');
      await projector.keyboard.press('s');
      const speaker = await popupPromise;
      const status = speaker.locator('#workshop-status');
      await expect(status.getByRole('heading', { name: `Workshop · room ${s.room}` })).toBeVisible();
      await expect(status).toContainText(/server connected · \d+ participants?, \d+ online/);
      await expect(status).toContainText('voting open, 0 answered');
      await expect(status.getByRole('img', { name: `Participants join at ${s.origin}/${s.room}` })).toBeVisible();
      // Its buttons act on the projected deck's question, through the deck (never an answer in the view itself).
      await status.getByRole('button', { name: 'Close voting' }).click();
      await expect(status).toContainText('voting closed, 0 answered');
      await status.getByRole('button', { name: 'Reveal' }).click();
      await expect(status).toContainText('revealed, 0 answered');
      await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText('0 answered.');
      await expect(quiz.getByRole('button', { name: /right answer/ })).toBeVisible();
      await expect(status).not.toContainText('right answer');
      await status.getByRole('button', { name: 'Reset' }).click();
      await expect(status).toContainText('not open yet, 0 answered');
      await status.getByRole('button', { name: 'Open voting' }).click();
      await expect(status).toContainText('voting open, 0 answered');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  test('the remote (a phone) steps the projected deck and shows the slide’s title, notes and a timer', async ({
    browser,
  }) => {
    const s = server();
    const errors: string[] = [];
    const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const rc = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      const projector = await openProjector(watch(await pc.newPage(), errors, 'projector'), s);
      const remote = await openRemote(watch(await rc.newPage(), errors, 'remote'), s);
      await expect(
        remote.getByRole('heading', { level: 2, name: 'Event loop, coroutines and green threads' }),
      ).toBeVisible();
      await remote.getByRole('button', { name: 'Next: the next demo step or slide' }).click();
      await expect(projector.locator('section#c10k')).toHaveClass(/present/);
      await expect(remote.getByText(`Slide 2 of ${slides.length}`)).toBeVisible();
      await expect(remote.getByRole('heading', { level: 2, name: 'C10K: a thread per connection' })).toBeVisible();
      // The slide's notes, in the remote's language.
      await expect(remote.getByRole('region', { name: 'Notes' }).locator('p').first()).not.toBeEmpty();
      await remote.getByRole('button', { name: 'Previous: the previous demo step or slide' }).click();
      await expect(projector.locator('section#title')).toHaveClass(/present/);
      await expect(remote.getByRole('timer')).toHaveText('0:00');
      await remote.getByRole('button', { name: 'Start' }).click();
      await expect(remote.getByRole('button', { name: 'Pause' })).toBeVisible();
      await remote.getByRole('button', { name: 'Reset' }).click();
      await expect(remote.getByRole('timer')).toHaveText('0:00');
      expect(errors).toEqual([]);
    } finally {
      await pc.close();
      await rc.close();
    }
  });

  test('the workshop’s controls have no serious accessibility violations (panel, join sheet, a quiz on a phone, the remote)', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const s = server();
    const serious = async (page: Page, include: string) =>
      (await seriousViolations(page, include)).map((line) => `${include}: ${line}`);
    const found: string[] = [];
    const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const fc = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      for (const theme of ['light', 'dark']) {
        const projector = await openProjector(await pc.newPage(), s, `?lang=en&theme=${theme}#/quiz-busy-wait/0`);
        found.push(...(await serious(projector, '.workshop-bar')));
        found.push(...(await serious(projector, 'section#quiz-busy-wait')));
        await projector.keyboard.press('w');
        await expect(projector.getByRole('dialog', { name: /Workshop/ })).toBeVisible();
        await projector.waitForFunction(() => customElements.get('hsw-qr-code') !== undefined);
        found.push(...(await serious(projector, '.workshop-panel')));
        await projector.close();

        const phone = await fc.newPage();
        await phone.goto(`${s.origin}/?workshop=${s.room}&lang=en&theme=${theme}`);
        await ready(phone);
        if (await phone.getByRole('dialog', { name: 'Join the workshop' }).isVisible()) {
          found.push(...(await serious(phone, '.workshop-join')));
          await phone.getByRole('button', { name: 'Join' }).click();
        }
        await expect(phone.locator('section#quiz-busy-wait')).toHaveClass(/present/);
        found.push(...(await serious(phone, 'section#quiz-busy-wait')));
        found.push(...(await serious(phone, '.workshop-bar')));
        await phone.close();

        const remote = await openRemote(await fc.newPage(), s, `?lang=en&theme=${theme}`);
        found.push(...(await serious(remote, '#remote-root')));
        await remote.close();
      }
      expect(found).toEqual([]);
    } finally {
      await pc.close();
      await fc.close();
    }
  });

  test('the speaker view’s deck copies (?receiver) neither connect nor show workshop controls', async ({ page }) => {
    const s = server();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${s.origin}/presenter/${s.secret}/?receiver&lang=en#/title`);
    await ready(page);
    await expect(page.locator('.workshop-bar')).toHaveCount(0);
    expect(sockets).toEqual([]);
  });
});

test('the deck without ?workshop shows no workshop control and opens no socket', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await gotoSlide(page, 'title');
  await expect(page.locator('.workshop-bar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Workshop/ })).toHaveCount(0);
  await page.keyboard.press('w');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await gotoSlide(page, 'quiz-busy-wait');
  const quiz = currentSlide(page);
  await quiz.getByRole('button', { name: /^3\s*The server hangs/ }).click();
  await expect(quiz.getByRole('status').filter({ hasText: 'Right!' })).toBeVisible();
  expect(sockets).toEqual([]);
});

test('a phone joining the room downloads at most a third of the bytes of its files (brotli copies of the build); it fetches no Python ahead', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const s = await startServer();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' });
  try {
    const phone = await ctx.newPage();
    const counted: Promise<{ url: string; sent: number; raw: number; encoding: string }>[] = [];
    let joining = true;
    phone.on('requestfinished', (r) => {
      if (!joining) return;
      counted.push(
        (async () => {
          const response = await r.response();
          const body = response && response.status() === 200 ? await response.body() : Buffer.alloc(0);
          return {
            url: r.url(),
            sent: (await r.sizes()).responseBodySize,
            raw: body.length,
            encoding: (await response?.headerValue('content-encoding')) ?? '',
          };
        })(),
      );
    });
    await phone.goto(`${s.origin}/?workshop=${s.room}&lang=en`);
    await ready(phone);
    const sheet = phone.getByRole('dialog', { name: 'Join the workshop' });
    await sheet.getByRole('button', { name: 'Join' }).click();
    await expect(phone.locator('.workshop-bar [role="status"]')).toHaveText('Connected');
    await phone.waitForLoadState('networkidle');
    joining = false;
    const files = await Promise.all(counted);
    const sent = files.reduce((sum, f) => sum + f.sent, 0);
    const raw = files.reduce((sum, f) => sum + f.raw, 0);
    console.log(
      `a phone joining: ${files.length} files, ${(sent / 1e6).toFixed(3)} MB sent, ${(raw / 1e6).toFixed(3)} MB ` +
        `as files (what it downloaded before the build's copies)`,
    );
    // the deck's code came compressed: every script and style of the build
    const code = files.filter((f) => /\/assets\/.+\.(js|css)$/.test(f.url));
    expect(code.length).toBeGreaterThan(3);
    expect(code.filter((f) => f.raw >= 1024 && f.encoding !== 'br').map((f) => f.url)).toEqual([]);
    expect(sent * 3).toBeLessThanOrEqual(raw);

    // The presenter moves to the slide before asyncio-loop: the projector's deck fetches Python ahead, no phone does
    const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const python = (page: Page) => {
      const seen: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/pyodide/')) seen.push(r.url());
      });
      return seen;
    };
    const onPhone = python(phone);
    try {
      const projector = await pc.newPage();
      const onProjector = python(projector);
      await projector.goto(`${s.origin}/presenter/${s.secret}/?lang=en#/python-asyncio`);
      await ready(projector);
      await expect(phone.locator('section#python-asyncio')).toHaveClass(/present/);
      await expect.poll(() => onProjector.some((u) => u.endsWith('/pyodide.asm.wasm')), { timeout: 60_000 }).toBe(true);
      // longer than the idle callback's own limit (2 s): a phone's prefetch would have started
      await phone.waitForTimeout(3000);
      expect(onPhone).toEqual([]);
    } finally {
      await pc.close();
    }
  } finally {
    await ctx.close();
    await stopServer(s);
  }
});

test('a phone whose server goes away says so, reconnects by itself, and finds its vote again', async ({ browser }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  let s: Running | undefined = await startServer();
  const port = Number(new URL(s.origin).port);
  const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const fc = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    // While the server is away the browser logs each refused connection: expected here, not an error of the page.
    const projector = await pc.newPage();
    projector.on('pageerror', (e) => errors.push(`projector: ${e.message}`));
    await projector.goto(`${s.origin}/presenter/${s.secret}/?lang=en#/quiz-fastapi/0`);
    await ready(projector);
    const phone = await fc.newPage();
    phone.on('pageerror', (e) => errors.push(`phone: ${e.message}`));
    await phone.goto(`${s.origin}/?workshop=${s.room}&lang=en`);
    await ready(phone);
    await phone.getByRole('dialog', { name: 'Join the workshop' }).getByRole('button', { name: 'Join' }).click();
    const status = phone.locator('.workshop-bar [role="status"]');
    await expect(status).toHaveText('Connected');
    await expect(phone.locator('section#quiz-fastapi')).toHaveClass(/present/);
    await currentSlide(phone)
      .getByRole('button', { name: /^2\s*About 10 s/ })
      .click();
    await expect(currentSlide(phone).getByText('Your answer is in. Wait for the reveal.')).toBeVisible();

    // The server stops (its log kept): the phone says it is reconnecting, and keeps the slide.
    await stopServer(s, true);
    await expect(status).toHaveText('Connection lost: reconnecting…');
    await expect(currentSlide(phone).getByRole('button', { name: /^2\s*About 10 s/ })).toBeVisible();

    // The same room comes back on the same port: the phone reconnects alone and its vote is still its own.
    s = await startServer({ port, data: s.data });
    await expect(status).toHaveText('Connected', { timeout: 30_000 });
    await expect(currentSlide(phone).getByText('Your answer is in. Wait for the reveal.')).toBeVisible();
    await expect(currentSlide(phone).getByRole('button', { name: /^2\s*About 10 s/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A reload too: the same participant (the id kept on the phone), the same vote, no join sheet again.
    await phone.reload();
    await ready(phone);
    await expect(phone.getByRole('dialog', { name: 'Join the workshop' })).toHaveCount(0);
    await expect(currentSlide(phone).getByText('Your answer is in. Wait for the reveal.')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await pc.close();
    await fc.close();
    await stopServer(s);
  }
});

test('a server that cannot write its log: the phone says its answer was not saved and votes again; the presenter’s pages say the room cannot save', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  // The store's test-only fault file (server/store.ts): `eio` makes every fsync fail.
  const faults = join(mkdtempSync(join(tmpdir(), 'hsw-workshop-faults-')), 'faults');
  const s = await startServer({ env: { HSW_WORKSHOP_FAULTS: faults } });
  const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const fc = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    pc.on('page', (p) => watch(p, errors, 'speaker view'));
    const projector = watch(await pc.newPage(), errors, 'projector');
    await projector.goto(`${s.origin}/presenter/${s.secret}/?lang=en#/quiz-fastapi/0`);
    await ready(projector);
    const quiz = projector.locator('section#quiz-fastapi');
    await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText(/^0 answered/);
    const phone = watch(await fc.newPage(), errors, 'phone');
    await phone.goto(`${s.origin}/?workshop=${s.room}&lang=en`);
    await ready(phone);
    await phone.getByRole('dialog', { name: 'Join the workshop' }).getByRole('button', { name: 'Join' }).click();
    await expect(phone.locator('section#quiz-fastapi')).toHaveClass(/present/);
    await expect(currentSlide(phone).getByText('Choose your answer: you can answer once.')).toBeVisible();

    writeFileSync(faults, 'eio');
    const choice = currentSlide(phone).getByRole('button', { name: /^2\s*About 10 s/ });
    await choice.click();
    await expect(
      currentSlide(phone).getByText('Your answer was not saved (the server cannot write it): try again.'),
    ).toBeVisible();
    await expect(choice).not.toHaveAttribute('aria-disabled', 'true');
    // The projector: not counted, and the bar says the room cannot save; the panel and the speaker view too.
    await expect(projector.locator('.workshop-bar [role="alert"]')).toHaveText('The room cannot save');
    await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText(/^0 answered/);
    await projector.keyboard.press('w');
    const panel = projector.getByRole('dialog', { name: /Workshop/ });
    await expect(panel.getByRole('alert')).toHaveText(/^The room cannot save: the server’s disk refuses writes/);
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    const popupPromise = pc.waitForEvent('page');
    await projector.keyboard.press('s');
    const speaker = await popupPromise;
    await expect(speaker.locator('#workshop-status').getByRole('alert')).toHaveText(
      'The room cannot save: votes are refused until the server can write its log again.',
    );

    // Writing works again: the same phone votes again, it is counted, and the warnings go.
    rmSync(faults);
    await choice.click();
    await expect(currentSlide(phone).getByText('Your answer is in. Wait for the reveal.')).toBeVisible();
    await expect(quiz.getByRole('status').filter({ hasText: 'answered' })).toHaveText(/^1 answered/);
    await expect(projector.locator('.workshop-bar [role="alert"]')).toHaveCount(0);
    await expect(speaker.locator('#workshop-status').getByRole('alert')).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await pc.close();
    await fc.close();
    await stopServer(s);
    rmSync(faults, { force: true });
  }
});

test('a room shared through Redis: a phone votes; a room Redis lost is said on the phone and the projector, in both languages', async ({
  browser,
}) => {
  test.skip(redisMissing !== null, redisMissing ?? '');
  test.setTimeout(120_000);
  const errors: string[] = [];
  const redis = await RealRedis.start();
  const r = new Redis(redis.url);
  const s = await startServer({ args: ['--redis', redis.url, '--new'] });
  const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const fc = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const projector = watch(await pc.newPage(), errors, 'projector');
    await projector.goto(
      `${s.origin}/presenter/${s.secret}/?workshop=${s.room}&key=${s.secret}&lang=en#/quiz-fastapi/0`,
    );
    await ready(projector);
    const phone = watch(await fc.newPage(), errors, 'phone');
    let sockets = 0;
    phone.on('websocket', () => sockets++);
    await phone.goto(`${s.origin}/?workshop=${s.room}&lang=en`);
    await ready(phone);
    await phone.getByRole('dialog', { name: 'Join the workshop' }).getByRole('button', { name: 'Join' }).click();
    const status = phone.locator('.workshop-bar [role="status"]');
    await expect(status).toHaveText('Connected');
    await expect(phone.locator('section#quiz-fastapi')).toHaveClass(/present/);
    expect(sockets).toBe(1);

    // The vote goes into Redis's stream and is decided by the process's replica: acknowledged, and counted.
    await currentSlide(phone)
      .getByRole('button', { name: /^2\s*About 10 s/ })
      .click();
    await expect(currentSlide(phone).getByText('Your answer is in. Wait for the reveal.')).toBeVisible();
    const exported = (await fetch(`${s.origin}/api/export.json?key=${s.secret}`).then((x) => x.json())) as {
      participants: { answers: Record<string, number> }[];
    };
    expect(exported.participants.map((p) => p.answers['quiz-fastapi'])).toEqual([1]);

    // Redis loses the room: the phone and the projector say so plainly, and a phone (re)opened in Russian too.
    await r.flushall();
    await expect(status).toHaveText(
      'The room’s data was lost on the server: answers are not saved. Wait for the presenter’s new room.',
      { timeout: 15_000 },
    );
    await expect(projector.locator('.workshop-bar [role="status"]')).toHaveText(
      'Redis lost this room: votes are not saved. Start a new room (--new) and show its new code.',
    );
    await expect(projector.locator('.workshop-bar [role="alert"]')).toHaveText('The room cannot save');
    const popup = pc.waitForEvent('page');
    await projector.keyboard.press('s');
    const speaker = watch(await popup, errors, 'speaker view');
    await expect(speaker.locator('#workshop-status').getByRole('alert')).toHaveText(
      'Redis lost this room: votes are not saved. Start a new room (--new) and show its new code.',
    );
    await phone.goto(`${s.origin}/?workshop=${s.room}&lang=ru`);
    await ready(phone);
    await expect(status).toHaveText(
      'Сервер потерял данные комнаты: ответы не сохраняются. Дождитесь новой комнаты ведущего.',
    );
    expect(await r.keys(`hsw:room:*`)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await pc.close();
    await fc.close();
    await stopServer(s);
    r.disconnect();
    await redis.stop();
  }
});

test('the join sheet refuses a nickname with an invisible or direction-changing character, and says why in both languages', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  const s = await startServer();
  const contexts: BrowserContext[] = [];
  try {
    const cases = [
      {
        lang: 'en',
        title: 'Join the workshop',
        label: 'Nickname (optional)',
        join: 'Join',
        why: 'The nickname holds an invisible or direction-changing character: remove it.',
        long: 'At most 24 characters.',
        connected: 'Connected',
      },
      {
        lang: 'ru',
        title: 'Присоединиться',
        label: 'Ник (необязательно)',
        join: 'Войти',
        why: 'В нике есть невидимый символ или символ смены направления текста: уберите его.',
        long: 'Не больше 24 символов.',
        connected: 'Подключено',
      },
    ];
    for (const c of cases) {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
      contexts.push(ctx);
      const phone = watch(await ctx.newPage(), errors, `phone ${c.lang}`);
      await phone.goto(`${s.origin}/?workshop=${s.room}&lang=${c.lang}`);
      await ready(phone);
      const sheet = phone.getByRole('dialog', { name: c.title });
      const nick = sheet.getByLabel(c.label);
      await nick.fill('evil\u202Etxt.exe');
      await sheet.getByRole('button', { name: c.join }).click();
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('alert')).toHaveText(c.why);
      await expect(nick).toHaveAttribute('aria-invalid', 'true');
      await nick.fill('x'.repeat(25));
      await sheet.getByRole('button', { name: c.join }).click();
      await expect(sheet.getByRole('alert')).toHaveText(c.long);
      await nick.fill('Zoë');
      await sheet.getByRole('button', { name: c.join }).click();
      await expect(sheet).toBeHidden();
      await expect(phone.locator('.workshop-bar [role="status"]')).toHaveText(c.connected);
    }
    const csv = await fetch(`${s.origin}/api/export.csv?key=${s.secret}`).then((r) => r.text());
    expect(csv.split('\r\n').filter((l) => l.startsWith('"Zoë",')).length).toBeGreaterThan(0);
    expect(csv).not.toContain('\u202E');
    expect(errors).toEqual([]);
  } finally {
    for (const ctx of contexts) await ctx.close();
    await stopServer(s);
  }
});

/** A participant's phone as a bare socket: hello with a pid and a nickname, then votes. */
async function socketParticipant(s: Running, pid: string, nick: string): Promise<WebSocket> {
  const ws = new WebSocket(`${s.origin.replace('http:', 'ws:')}/ws`);
  const welcome = new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no welcome for ${nick} within 10 s`)), 10_000);
    ws.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString('utf8')) as { type: string }).type !== 'welcome') return;
      clearTimeout(timer);
      ok();
    });
    ws.once('error', fail);
  });
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  ws.send(JSON.stringify({ type: 'hello', v: 1, room: s.room, role: 'participant', pid, nick }));
  await welcome;
  return ws;
}

test('the summary’s room results and ten top scores stay clear of the workshop bar and the arrows at 1280×720', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  const s = await startServer();
  const sockets: WebSocket[] = [];
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const projector = await openProjector(watch(await ctx.newPage(), errors, 'projector'), s);
    // Twelve people with nicknames of the longest length allowed (24): the summary shows the top ten.
    for (let i = 0; i < 12; i++)
      sockets.push(
        await socketParticipant(
          s,
          `e2e-summary-${String(i).padStart(8, '0')}`,
          `Participant nickname ${String(i).padStart(3, '0')}`,
        ),
      );
    // Each question opened (its slide shown), answered by all, revealed: every row of the room says a result.
    const panel = projector.getByRole('dialog', { name: /Workshop/ });
    // The quizzes at their voting step (the projector opens a quiz's vote there); green-threads' question opens on arrival.
    for (const [slide, qid, at] of [
      ['quiz-busy-wait', 'quiz-busy-wait', '/0'],
      ['quiz-fastapi', 'quiz-fastapi', '/0'],
      ['green-threads', 'green-threads-predict', ''],
    ] as const) {
      await projector.evaluate((h) => (window.location.hash = h), `#/${slide}${at}`);
      await expect(projector.locator(`section#${slide}`)).toHaveClass(/present/);
      await projector.keyboard.press('w');
      await expect(panel).toContainText('voting · 0 answered');
      for (const [i, ws] of sockets.entries()) ws.send(JSON.stringify({ type: 'vote', qid, choice: i % 3 }));
      await expect(panel).toContainText('voting · 12 answered');
      await panel.getByRole('button', { name: 'Reveal (R)' }).click();
      await expect(panel).toContainText('revealed · 12 answered');
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(panel).toBeHidden();
    }
    await projector.keyboard.press('w');
    await expect(panel).toBeVisible();
    await panel.getByRole('checkbox', { name: 'Show the top nicknames on the summary' }).check();
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel).toBeHidden();
    await projector.evaluate(() => (window.location.hash = '#/summary'));
    const summary = projector.locator('section#summary');
    await expect(summary).toHaveClass(/present/);

    type Box = { x: number; y: number; width: number; height: number };
    const meets = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const lang of ['en', 'ru'] as const) {
      // Presenting hides the page's language button; the button's own click still switches (as a person browsing would).
      if (lang === 'ru')
        await projector.getByRole('button', { name: 'Switch to Russian', includeHidden: true }).dispatchEvent('click');
      const rows = summary.locator('hsw-summary ol.top li');
      await expect(rows).toHaveCount(10);
      await expect(rows.first()).toContainText(lang === 'en' ? /\d+ rights?$/ : /верно: \d+$/);
      await expect(summary.locator('hsw-summary ul.quizzes li').first()).toContainText(
        lang === 'en' ? '12 answered' : 'ответили: 12',
      );
      // What covers the slide's corners: the workshop bar (bottom left), reveal's arrows and slide number.
      const covers: [string, Box][] = [];
      for (const sel of ['.workshop-bar', '.reveal .controls button.enabled', '.reveal .slide-number'])
        for (const el of await projector.locator(sel).all())
          if (await el.isVisible()) covers.push([sel, (await el.boundingBox())!]);
      expect(covers.map(([sel]) => sel)).toContain('.workshop-bar');
      const problems: string[] = [];
      for (const sel of ['ol.top li', 'ul.quizzes li', 'h3', '.score', '.chapters li']) {
        const els = await summary.locator(`hsw-summary ${sel}`).all();
        expect(els.length, sel).toBeGreaterThan(0);
        for (const [i, el] of els.entries()) {
          const box = (await el.boundingBox())!;
          if (box.y + box.height > 720 || box.x + box.width > 1280)
            problems.push(`${lang}: ${sel} ${i + 1} off screen`);
          for (const [what, cover] of covers)
            if (meets(box, cover)) problems.push(`${lang}: ${sel} ${i + 1} under ${what}`);
        }
      }
      expect(problems).toEqual([]);
    }
    expect(errors).toEqual([]);
  } finally {
    for (const ws of sockets) ws.close();
    await ctx.close();
    await stopServer(s);
  }
});

/** A host's questions file (`--questions`) of three: two quizzes and a quick poll whose words hold a tag. */
const HOST_QUESTIONS = resolve(root, 'tests/fixtures/host-questions.yaml');

test('the host’s own questions: three from a file, opened from the panel, voted on from phones, revealed, exported; a restart keeps them', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  const file = HOST_QUESTIONS;
  let s: Running | undefined = await startServer({ args: ['--questions', file] });
  const port = Number(new URL(s.origin).port);
  const contexts: BrowserContext[] = [];
  const open = async (opts: Parameters<Browser['newContext']>[0], who: string, strict = true) => {
    const ctx = await browser.newContext(opts);
    contexts.push(ctx);
    const p = await ctx.newPage();
    if (strict) return watch(p, errors, who);
    // While the server restarts the browser logs each refused connection: any other console error counts.
    p.on('console', (m) => {
      if (m.type() === 'error' && !/WebSocket|ERR_CONNECTION_REFUSED/.test(m.text()))
        errors.push(`${who}: ${m.text()}`);
    });
    p.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
    return p;
  };
  try {
    const projector = await open({ viewport: { width: 1280, height: 720 } }, 'projector', false);
    await openProjector(projector, s);
    const phones: Page[] = [];
    for (const nick of ['Ada', 'Bob']) {
      const p = await open({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' }, nick, false);
      await p.goto(`${s.origin}/?workshop=${s.room}&lang=en`);
      await ready(p);
      const sheet = p.getByRole('dialog', { name: 'Join the workshop' });
      await sheet.getByLabel('Nickname (optional)').fill(nick);
      await sheet.getByRole('button', { name: 'Join' }).click();
      await expect(p.locator('.workshop-bar [role="status"]')).toHaveText('Connected');
      phones.push(p);
    }
    // Nothing shows before the presenter opens a question; no answer or explanation on a phone before its reveal.
    for (const p of phones) {
      await expect(p.locator('dialog.workshop-question')).not.toHaveAttribute('open');
      expect(await p.content()).not.toContain('ready list');
    }

    // The panel (W) lists the three; each is opened, voted on and revealed from there.
    await projector.keyboard.press('w');
    const panel = projector.getByRole('dialog', { name: /Workshop/ });
    const list = panel.getByRole('region', { name: 'Your questions' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const row = (qid: string) => list.locator(`li[data-qid="${qid}"]`);
    const picks: Record<string, [RegExp, RegExp]> = {
      'host-epoll': [/^2\s*The ready ones/, /^1\s*Every socket/],
      'host-pace': [/^2\s*Fine/, /^3\s*Fast/],
      'host-threads': [/^1\s*One(?! per)/, /^1\s*One(?! per)/],
    };
    const titles: Record<string, string> = {
      'host-epoll': 'What does epoll_wait return?',
      'host-pace': "The talk's <b>pace</b>?",
      'host-threads': 'How many threads does one event loop use?',
    };
    for (const [qid, title] of Object.entries(titles)) {
      await row(qid).getByRole('button', { name: 'Open voting' }).click();
      await expect(row(qid)).toContainText('voting · 0 answered');
      // The projector's sheet and each phone's: the question, as text (a tag in it is shown, never made HTML).
      const onProjector = projector.getByRole('dialog', { name: title });
      await expect(onProjector.getByRole('status')).toHaveText('voting · 0 answered.');
      for (const [i, p] of phones.entries()) {
        const sheet = p.getByRole('dialog', { name: title });
        await expect(sheet.getByRole('status')).toHaveText('Choose your answer: you can answer once.');
        await sheet.getByRole('button', { name: picks[qid]![i] }).click();
        await expect(sheet.getByRole('status')).toHaveText(
          qid === 'host-pace' ? 'Your answer is in.' : 'Your answer is in. Wait for the reveal.',
        );
        await expect(sheet.getByRole('button', { name: picks[qid]![i] })).toHaveAttribute('aria-pressed', 'true');
        await expect(sheet.locator('b')).toHaveCount(0);
      }
      await expect(row(qid)).toContainText('voting · 2 answered');
      await expect(onProjector.getByRole('status')).toHaveText('voting · 2 answered.');
      for (const p of phones) expect(await p.content()).not.toContain('ready list');
      await row(qid).getByRole('button', { name: 'Reveal (R)' }).click();
      await expect(row(qid)).toContainText('revealed · 2 answered');
    }
    // The last revealed is on the projector: its counts, its right answer, its explanation.
    const threads = projector.getByRole('dialog', { name: titles['host-threads']! });
    await expect(threads.getByRole('status')).toHaveText('revealed · 2 answered. The right answer is 1.');
    await expect(threads.getByText('2 votes')).toBeVisible();
    await expect(threads.getByText('A second paragraph.')).toBeVisible();
    const [ada, bob] = phones as [Page, Page];
    const adaSheet = ada.getByRole('dialog', { name: titles['host-threads']! });
    await expect(adaSheet.getByRole('status')).toHaveText('You were right!');
    await expect(adaSheet.getByText('A second paragraph.')).toBeVisible();
    // Scores count the two quizzes, not the quick poll.
    await expect(ada.locator('.workshop-bar')).toContainText('Score: 2 of 2');
    await expect(bob.locator('.workshop-bar')).toContainText('Score: 1 of 2');
    // The sheet on a phone and the panel's list: no serious accessibility violation.
    expect([
      ...(await seriousViolations(ada, 'dialog.workshop-question')),
      ...(await seriousViolations(projector, '.workshop-panel .host-questions')),
    ]).toEqual([]);

    // An earlier question shown again from the panel: the quiz's verdict on the projector, the poll's on a phone.
    await row('host-epoll').getByRole('button', { name: 'Show' }).click();
    const epoll = projector.getByRole('dialog', { name: titles['host-epoll']! });
    await expect(epoll.getByRole('status')).toHaveText('revealed · 2 answered. The right answer is 2.');
    await expect(epoll.getByText("Only the ready ones, from the kernel's ready list.")).toBeVisible();

    // The export holds each phone's answer to each of the host's questions.
    const download = projector.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').split('\r\n');
    expect(csv.filter((l) => /,"host-[a-z]+",/.test(l))).toEqual([
      expect.stringMatching(/^"Ada",.*,"host-epoll",2,true$/),
      expect.stringMatching(/^"Ada",.*,"host-pace",2,$/),
      expect.stringMatching(/^"Ada",.*,"host-threads",1,true$/),
      expect.stringMatching(/^"Bob",.*,"host-epoll",1,false$/),
      expect.stringMatching(/^"Bob",.*,"host-pace",3,$/),
      expect.stringMatching(/^"Bob",.*,"host-threads",1,true$/),
    ]);
    await panel.getByRole('button', { name: 'Close', exact: true }).click();

    // A restart with the same file, on the same port: the pages reconnect and find the same room.
    await stopServer(s, true);
    await expect(ada.locator('.workshop-bar [role="status"]')).toHaveText('Connection lost: reconnecting…');
    s = await startServer({ port, data: s.data, args: ['--questions', file] });
    await expect(ada.locator('.workshop-bar [role="status"]')).toHaveText('Connected', { timeout: 30_000 });
    await expect(ada.locator('.workshop-bar')).toContainText('Score: 2 of 2');
    await expect(adaSheet.getByRole('status')).toHaveText('You were right!');
    await expect(projector.locator('.workshop-bar [role="status"]')).toHaveText('Connected', { timeout: 30_000 });
    await projector.keyboard.press('w');
    await expect(row('host-pace')).toContainText('revealed · 2 answered');
    expect(errors).toEqual([]);
  } finally {
    for (const c of contexts) await c.close();
    await stopServer(s);
  }
});

test('a host’s question placed in a plan: a jump to it lands on its question, the next press opens the vote; one the room does not ask says so', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  const file = HOST_QUESTIONS;
  const s = await startServer({ args: ['--questions', file] });
  const contexts: BrowserContext[] = [];
  try {
    const pc = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const fc = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' });
    contexts.push(pc, fc);
    const projector = await openProjector(
      watch(await pc.newPage(), errors, 'projector'),
      s,
      '?lang=en&plan=title,question:host-pace,c10k,question:host-nope#/title',
    );
    const phone = watch(await fc.newPage(), errors, 'phone');
    await phone.goto(`${s.origin}/?workshop=${s.room}&lang=en`);
    await ready(phone);
    await phone.getByRole('dialog', { name: 'Join the workshop' }).getByRole('button', { name: 'Join' }).click();
    await expect(phone.locator('.workshop-bar [role="status"]')).toHaveText('Connected');

    // A jump by address: the question, as text, and no vote open (the phone shows nothing to vote on).
    await projector.evaluate(() => {
      window.location.hash = '#/question-host-pace';
    });
    const slide = projector.locator('section#question-host-pace');
    await expect(slide).toHaveClass(/present/);
    await expect(slide.getByRole('heading', { name: "The talk's <b>pace</b>?" })).toBeVisible();
    await expect(slide.locator('b')).toHaveCount(0);
    await expect(slide.getByRole('status')).toHaveText('not opened · 0 answered.');
    await expect(phone.locator('dialog.workshop-question')).not.toHaveAttribute('open');
    // The deck's own quiz still lands on its question too (tested above); the next press opens this one.
    await projector.keyboard.press('PageDown');
    await expect(slide.getByRole('status')).toHaveText('voting · 0 answered.');
    // The projector shows it on its slide, not again over it; the phone gets its sheet.
    await expect(projector.locator('dialog.workshop-question')).not.toHaveAttribute('open');
    const sheet = phone.getByRole('dialog', { name: "The talk's <b>pace</b>?" });
    await sheet.getByRole('button', { name: /^3\s*Fast/ }).click();
    await expect(sheet.getByRole('status')).toHaveText('Your answer is in.');
    await expect(slide.getByRole('status')).toHaveText('voting · 1 answered.');
    // The panel's current question is this one: revealed from there.
    await projector.keyboard.press('w');
    const panel = projector.getByRole('dialog', { name: /Workshop/ });
    const current = panel.getByRole('region', { name: /Current question/ });
    await expect(current).toContainText("Current question: The talk's <b>pace</b>?");
    await current.getByRole('button', { name: 'Reveal (R)' }).click();
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(slide.getByRole('status')).toHaveText('revealed · 1 answered. A quick poll: no right answer.');
    await expect(slide.getByText('1 vote', { exact: true })).toBeVisible();
    // The bars: the one vote's choice full, the others empty (sized without an inline style: the CSP refuses those).
    const widths = await slide
      .locator('.choice')
      .evaluateAll((els) => els.map((e) => [(e.querySelector('.bar') as HTMLElement).offsetWidth, e.clientWidth]));
    expect(widths.map(([bar, whole]) => Math.round((100 * bar!) / whole!))).toEqual([0, 0, 100]);
    await expect(sheet.getByRole('status')).toHaveText('A quick poll: no right answer.');

    // A question the room does not ask: said, as text; nothing opens on the next press.
    await projector.evaluate(() => {
      window.location.hash = '#/question-host-nope';
    });
    const nope = projector.locator('section#question-host-nope');
    await expect(nope).toHaveClass(/present/);
    await expect(nope.getByText('This room asks no question “host-nope”', { exact: false })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    for (const c of contexts) await c.close();
    await stopServer(s);
  }
});

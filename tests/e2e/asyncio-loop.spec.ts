import { test, expect, gotoSlide, currentSlide, expectHash, expectAccessible } from './fixtures.ts';

test.describe('asyncio-loop', () => {
  test('composition, then the turn scheme: stepping lights up the part at work with its real code', async ({
    page,
  }) => {
    await gotoSlide(page, 'asyncio-loop');
    const demo = currentSlide(page).locator('hsw-asyncio-loop');
    await expect(demo.getByRole('button', { name: 'Composition' })).toHaveAttribute('aria-pressed', 'true');
    await expect(demo.getByText('a deque: the only way into execution')).toBeVisible();
    await expect(demo.getByLabel('The containers and the ways in: CPython 3.11.7, Lib/asyncio')).toContainText(
      'self._ready = collections.deque()',
    );

    await demo.getByRole('button', { name: 'Turn scheme' }).click();
    const status = demo.getByRole('status');
    await expect(status).toContainText('run_forever calls _run_once again and again');
    const step = demo.getByRole('button', { name: 'Step forward' });
    for (let i = 0; i < 3; i++) await step.click();
    await expect(status).toContainText('Step 3 of 6. selector.select(timeout): the thread sleeps here, and only here');
    await expect(demo.locator('hsw-code pre')).toContainText('event_list = self._selector.select(timeout)');
    await expect(demo.locator('.box.sel')).toHaveClass(/\bon\b/);
    await expect(demo.locator('.box.ready')).not.toHaveClass(/\bon\b/);
    for (let i = 0; i < 3; i++) await step.click();
    await expect(status).toContainText('Step 6 of 6. ntodo = len(self._ready)');
    await expect(demo.locator('hsw-code pre')).toContainText('for i in range(ntodo):');
    await expect(step).toBeDisabled();
  });

  test('the run recording: an empty program takes 6 turns, the last ones named; 1000 coroutines as many as 10', async ({
    page,
  }) => {
    await gotoSlide(page, 'asyncio-loop');
    const demo = currentSlide(page).locator('hsw-asyncio-loop');
    await demo.getByRole('button', { name: 'Run recording' }).click();
    const program = demo.getByRole('combobox', { name: 'Program' });
    await program.selectOption({ label: 'empty: async def main(): pass' });
    const status = demo.getByRole('status');
    await expect(status).toHaveText('Before the first of 6 turns');
    await expect(demo.getByLabel('The program (Python)')).toContainText('async def main():');
    await demo.getByRole('button', { name: 'Step forward' }).click();
    await expect(status).toContainText('Turn 1 of 6');
    await expect(demo.getByRole('list', { name: 'Callbacks step 6 ran' }).getByRole('listitem')).toHaveText([
      '__step (Task-1)',
    ]);
    await expect(demo.getByRole('list', { name: '_ready after: waits for the next turn' })).toHaveText(
      '_run_until_complete_cb',
    );
    const phases = demo
      .getByRole('list', { name: 'Turns per run_until_complete of asyncio.run' })
      .getByRole('listitem');
    await expect(phases).toHaveText([
      'main() · 2',
      'shutdown_asyncgens · 2',
      'shutdown_default_executor · 2',
      '= 6 turns',
    ]);
    for (let i = 0; i < 5; i++) await demo.getByRole('button', { name: 'Step forward' }).click();
    await expect(status).toContainText('Turn 6 of 6shutdown_default_executor');
    await expect(demo.locator('ol.phases [aria-current="step"]')).toHaveText('shutdown_default_executor · 2');

    await program.selectOption({ label: 'gather of 10 coroutines' });
    await expect(phases.last()).toHaveText('= 10 turns');
    await program.selectOption({ label: 'gather of 1000 coroutines' });
    await expect(phases.last()).toHaveText('= 10 turns');
    await expect(demo.getByLabel('The program (Python)')).toContainText('gather(*[sleeper() for _ in range(1000)])');
  });

  test('the ntodo switch: a task re-scheduling itself starves the loop and the timer never fires', async ({ page }) => {
    await gotoSlide(page, 'asyncio-loop');
    const demo = currentSlide(page).locator('hsw-asyncio-loop');
    await demo.getByRole('button', { name: 'Run recording' }).click();
    await demo.getByRole('combobox', { name: 'Program' }).selectOption({ label: 'a task re-scheduling itself' });
    await expect(demo.getByText("The timer's callback ring ran in turn 2")).toBeVisible();
    await demo.getByRole('checkbox', { name: 'ntodo snapshot (CPython)' }).uncheck();
    await expect(demo.getByText('step 6 of turn 1 never ends')).toBeVisible();
    await expect(demo.getByText("The timer's callback ring ran")).toHaveCount(0);
    await demo.getByRole('button', { name: 'Step forward' }).click();
    await expect(demo.getByText('6 · no snapshot: ran 1000 and _ready is still not empty')).toBeVisible();
    await expect(demo.getByRole('list', { name: '_scheduled after' })).toHaveText('ring');
  });

  test('composing a program from the menu; the k slider keeps its keys', async ({ page }) => {
    await gotoSlide(page, 'asyncio-loop');
    const demo = currentSlide(page).locator('hsw-asyncio-loop');
    await demo.getByRole('button', { name: 'Run recording' }).click();
    const program = demo.getByRole('combobox', { name: 'Program' });
    await program.selectOption({ label: 'sleep(0) k times' });
    const k = demo.getByRole('slider', { name: 'k, times' });
    await k.focus();
    await page.keyboard.press('ArrowRight');
    await expect(k).toHaveAttribute('aria-valuetext', '4');
    await expect(demo.getByRole('list', { name: 'Turns per run_until_complete of asyncio.run' })).toContainText(
      '= 10 turns',
    );
    await expectHash(page, /^#\/asyncio-loop$/);

    await program.selectOption({ label: 'your own (compose below)' });
    const listing = demo.getByLabel('The program (Python)');
    await expect(listing).toContainText('t1 = asyncio.create_task(child())');
    await demo
      .getByRole('combobox', { name: 'Add a line to main' })
      .selectOption({ label: 'await gather(child() ×3)' });
    await demo.getByRole('button', { name: 'Add await gather(child() ×3)' }).click();
    await expect(listing).toContainText('await asyncio.gather(child(), child(), child())');
    await demo.getByRole('button', { name: /^Remove line 4/ }).click();
    await expect(listing).not.toContainText('gather');
    await demo.getByRole('button', { name: 'Clear' }).click();
    await expect(listing).toContainText('pass');
    await expect(demo.getByRole('list', { name: 'Turns per run_until_complete of asyncio.run' })).toContainText(
      '= 6 turns',
    );
  });

  test('the clicker walks the speaker sequence', async ({ page }) => {
    await gotoSlide(page, 'asyncio-loop');
    const demo = currentSlide(page).locator('hsw-asyncio-loop');
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/asyncio-loop\/0$/);
    await expect(demo.getByRole('status')).toContainText('Step 3 of 6');
    await page.keyboard.press('PageDown');
    await expect(demo.getByRole('status')).toContainText('Step 6 of 6');
    await page.keyboard.press('PageDown');
    await expect(demo.getByRole('status')).toContainText('Turn 1 of 6');
    await page.keyboard.press('PageDown');
    await expect(demo.getByRole('status')).toContainText('Turn 6 of 6');
    await page.keyboard.press('PageDown');
    await expect(demo.getByText('6 · ntodo = 1000, ran:')).toBeVisible();
    await page.keyboard.press('PageDown');
    await expect(demo.getByText("The timer's callback ring ran in turn 2")).toBeVisible();
    await page.keyboard.press('PageDown');
    await expect(demo.getByText('step 6 of turn 1 never ends')).toBeVisible();
    await expect(demo.getByRole('checkbox', { name: 'ntodo snapshot (CPython)' })).not.toBeChecked();
  });

  test('reads in Russian', async ({ page }) => {
    await gotoSlide(page, 'asyncio-loop', { lang: 'ru', step: 3 });
    const demo = currentSlide(page).locator('hsw-asyncio-loop');
    await expect(demo.getByRole('button', { name: 'Запись прогона' })).toHaveAttribute('aria-pressed', 'true');
    await expect(demo.getByRole('status')).toContainText('Оборот 1 из 6');
    await expect(demo.getByText('1 · отменённых таймеров нет')).toBeVisible();
    await demo.getByRole('button', { name: 'Схема оборота' }).click();
    await expect(demo.getByRole('status')).toContainText('run_forever вызывает _run_once снова и снова');
  });

  test('has no serious accessibility violations', async ({ page }) => {
    for (const theme of ['dark', 'light'] as const) {
      for (const step of [1, 2, 8]) {
        await gotoSlide(page, 'asyncio-loop', { theme, step });
        await expectAccessible(page, 'asyncio-loop');
      }
    }
  });

  test('presented: the program in the few lines that matter, big, the line the turn is about marked', async ({
    page,
  }) => {
    await gotoSlide(page, 'asyncio-loop', { query: 'present', step: 7 });
    const demo = currentSlide(page).locator('hsw-asyncio-loop');
    const code = demo.locator('hsw-code').first();
    // the starving program: the spinner and the timer's line, the rest folded
    await expect(code.locator('.line')).toHaveText([
      '…',
      'async def spinner():',
      /^\s+while True:$/,
      /^\s+await asyncio\.sleep\(0\)$/,
      'async def main():',
      /^\s+…$/,
      /^\s+loop\.call_later\(0, ring\)$/,
      /^\s+…$/,
    ]);
    // without the snapshot the spinner's await runs for ever
    await expect(code.locator('[aria-current="step"]')).toHaveText(/^\s+await asyncio\.sleep\(0\)$/);
    const codePx = await code.evaluate((el) => {
      const deck = (window as unknown as { deck: { getScale: () => number } }).deck;
      return parseFloat(getComputedStyle(el.shadowRoot!.querySelector('pre')!).fontSize) * deck.getScale();
    });
    expect(codePx).toBeGreaterThanOrEqual(22);
    await expect(demo.getByText('The timer never fires.')).toBeVisible();
    // the clicker is the only control: the modes' buttons and the turns per phase stay in the self-paced view
    await expect(demo.getByRole('button', { name: 'Run recording' })).toBeHidden();
    await expect(demo.getByText('Turn 1 of 1')).toBeVisible();

    // with the snapshot the timer's line: ring runs in the next turn
    await gotoSlide(page, 'asyncio-loop', { query: 'present', step: 6 });
    await expect(code.locator('[aria-current="step"]')).toHaveText(/^\s+loop\.call_later\(0, ring\)$/);
    await expect(demo.getByText('ring ran in turn 2.')).toBeVisible();
    // the turns per phase: at the run's last turn only (the empty program's six, in three runs of the loop)
    const phases = demo.getByRole('list', { name: 'Turns per run_until_complete of asyncio.run' });
    await expect(phases).toBeHidden();
    await gotoSlide(page, 'asyncio-loop', { query: 'present', step: 4 });
    await expect(phases.getByRole('listitem')).toHaveText([
      'main() · 2',
      'shutdown_asyncgens · 2',
      'shutdown_default_executor · 2',
      '= 6 turns',
    ]);
  });

  test('presented, every recorded step reads on both themes (contrast included)', async ({ page }) => {
    test.setTimeout(120_000);
    for (const theme of ['dark', 'light'] as const) {
      for (const step of [3, 4, 5, 6, 7]) {
        await gotoSlide(page, 'asyncio-loop', { theme, query: 'present', step });
        await expectAccessible(page, 'asyncio-loop');
      }
    }
  });
});

import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';
import { walkPresentedOnPhone } from './legibility.ts';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';
import { PRESETS, SPEAKER_SEQUENCE, fitAll } from '../../components/comparison/comparison-model.ts';
import { comparisonText } from '../../components/comparison/comparison-text.ts';

test.describe('comparison', () => {
  test('the speaker sequence: a proxy, a CPU-heavy service, legacy drivers, telecom', async ({ page }) => {
    await gotoSlide(page, 'comparison');
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    const row = (name: string) => slide.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(slide.getByRole('button', { name: 'a proxy, 50k connections' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(status).toHaveText('Fit: Event loop + async/await, Goroutines, Virtual threads, Erlang processes.');
    await expect(row('OS thread per request')).toContainText('✗ poor fit');
    await expect(row('OS thread per request')).toContainText(
      'tens of thousands of threads: memory and switches run out (C10K)',
    );

    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/comparison\/0$/);
    await expect(slide.getByRole('slider', { name: 'Share of CPU work' })).toHaveAttribute('aria-valuetext', '80 %');
    await expect(row('Event loop + async/await')).toContainText('mostly computation: one core');
    await expect(status).toHaveText('Fit: OS thread per request, Goroutines.');

    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('checkbox', { name: 'Blocking libraries you must keep' })).toBeChecked();
    await expect(row('Virtual threads')).toContainText('✓ fits');
    await expect(row('Virtual threads')).toContainText('blocking Java code (JDBC, Spring MVC) runs as it is');
    await expect(row('Event loop + async/await')).toContainText('a blocking call stops the whole loop');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/comparison\/2$/);
    await expect(slide.getByRole('slider', { name: 'Concurrent connections' })).toHaveAttribute(
      'aria-valuetext',
      '1,000,000',
    );
    await expect(status).toHaveText('Fit: Erlang processes.');
    await expect(row('Erlang processes')).toContainText('a crash stays in it');
    await expect(row('Goroutines')).toContainText('an unrecovered panic ends the whole program');
    await expect(row('Virtual threads')).toContainText('an uncaught exception ends only its thread');
    await expect(row('Virtual threads')).not.toContainText('panic');
  });

  test('the controls describe a workload and the rows follow', async ({ page }) => {
    await gotoSlide(page, 'comparison');
    const slide = currentSlide(page);
    const status = slide.getByRole('status');
    const row = (name: string) => slide.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    const conns = slide.getByRole('slider', { name: 'Concurrent connections' });
    await conns.focus();
    await page.keyboard.press('Home');
    await expect(conns).toHaveAttribute('aria-valuetext', '10');
    await expect(row('OS thread per request')).toContainText('✓ fits');
    await expect(slide.getByRole('button', { name: 'a proxy, 50k connections' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(status).toHaveText(
      'Fit: OS thread per request, Event loop + async/await, Goroutines, Virtual threads, Erlang processes.',
    );

    await slide.getByRole('checkbox', { name: 'Fault isolation needed' }).check();
    await expect(status).toHaveText('Fit: Erlang processes.');
    await expect(row('OS thread per request')).toContainText('~ with care');

    const cpu = slide.getByRole('slider', { name: 'Share of CPU work' });
    await cpu.focus();
    await page.keyboard.press('End');
    await expect(cpu).toHaveAttribute('aria-valuetext', '100 %');
    await expect(row('Erlang processes')).toContainText('the BEAM is slow at number crunching');
    await expect(status).toHaveText('Fit: no model fits well: split the work.');

    await slide.getByRole('button', { name: 'a telecom system' }).click();
    await expect(slide.getByRole('checkbox', { name: 'Predictable latency needed' })).toBeChecked();
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'comparison', { lang: 'ru', step: 2 });
    const slide = currentSlide(page);
    await expect(slide.getByRole('status')).toHaveText('Подходят: Виртуальные потоки.');
    await expect(slide.getByRole('columnheader', { name: 'Брать, когда' })).toBeVisible();
  });

  test('presented: the workload the clicker chose heads the list, as large as a heading', async ({ page }) => {
    await gotoSlide(page, 'comparison', { query: 'present', step: 2 });
    const slide = currentSlide(page);
    const workload = slide.locator('hsw-details.workload-box summary');
    await expect(workload).toHaveText('Your workload: legacy blocking drivers');
    const firstRow = slide.getByRole('list', { name: 'For this workload' }).getByRole('listitem').first();
    const w = (await workload.boundingBox())!;
    expect(w.y + w.height).toBeLessThanOrEqual((await firstRow.boundingBox())!.y + 1);
    expect(await workload.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);
  });

  for (const lang of ['en', 'ru'] as const) {
    test(`presented, at every step every row shows its reason on the stage (${lang})`, async ({ page }) => {
      // #36: the notes speak each verdict's reason; it was only in the closed table.
      const t = comparisonText[lang];
      for (const [step, preset] of SPEAKER_SEQUENCE.entries()) {
        await gotoSlide(page, 'comparison', { lang, query: 'present', step });
        const list = currentSlide(page).getByRole('list', { name: t.head.fit });
        await expect(list).toBeVisible();
        for (const r of fitAll(PRESETS[preset])) {
          const row = list.getByRole('listitem').filter({ hasText: t.rows[r.model].name });
          await expect(row, `${preset}: ${r.model}`).toHaveCount(1);
          await expect(row.getByText(t.shortReasons[r.reasons[0]!], { exact: true })).toBeVisible();
        }
      }
    });
  }

  test('presented on a phone, every step in both languages: every text whole on the screen, no word cut', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const slide = slides.find((s) => s.id === 'comparison')!;
    expect(await walkPresentedOnPhone(page, slide.id, speakerSteps(slide))).toEqual({});
  });
});

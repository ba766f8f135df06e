// Accessibility scan with axe-core: a journey fails on any serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Scans the page as it is now. `exclude` takes CSS selectors of parts owned by others (a third-party
 * dialog, for instance). Minor and moderate findings are returned, not failed, so a test may log them.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { exclude?: string[]; label?: string } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await analyzeWhenStill(page, builder);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
        .join('\n'),
  );
  expect(report, `axe on ${options.label ?? page.url()}`).toEqual([]);
}

/**
 * Scans once nothing moved while axe looked. A toast that closes by itself can start fading out just after the
 * animations were waited for, and axe then measures its half-faded text; such a scan is done again (at most twice).
 */
async function analyzeWhenStill(page: Page, builder: AxeBuilder) {
  for (let attempt = 1; ; attempt += 1) {
    await finishAnimations(page);
    await page.evaluate(() => {
      const state = window as unknown as { axeSawMotion?: boolean; axeWatching?: boolean };
      state.axeSawMotion = false;
      if (state.axeWatching) return;
      state.axeWatching = true;
      const moved = () => {
        state.axeSawMotion = true;
      };
      document.addEventListener('animationstart', moved, true);
      document.addEventListener('transitionstart', moved, true);
    });
    const results = await builder.analyze();
    const moved = await page.evaluate(() => (window as unknown as { axeSawMotion?: boolean }).axeSawMotion === true);
    if (!moved || attempt === 3) return results;
  }
}

/**
 * Waits for the page's finite animations and transitions (a dialog fading in, a toast sliding) to end: axe measures
 * colours as they are, and text half faded in fails contrast although the finished screen passes.
 */
async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
}

// The header stays on screen as the page scrolls (sticky): whatever the app brings into view must stop below it.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * `target` lies wholly in the window, its top at or below the sticky header's bottom edge. Retried until it holds,
 * since some of the app's scrolls are smooth.
 */
export async function expectClearOfHeader(page: Page, target: Locator, what: string): Promise<void> {
  const width = page.viewportSize()?.width;
  await expect(async () => {
    const headerBottom = await page.locator('header.site-header').evaluate((header) => header.getBoundingClientRect().bottom);
    const { top, bottom, windowHeight } = await target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, windowHeight: window.innerHeight };
    });
    expect(top, `${what} at ${width} px: its top below the sticky header (bottom ${headerBottom})`).toBeGreaterThanOrEqual(headerBottom);
    expect(bottom, `${what} at ${width} px: its bottom in the window`).toBeLessThanOrEqual(windowHeight);
  }).toPass({ timeout: 5_000 });
}

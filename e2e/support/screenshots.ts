// Full-page screenshots at the two widths every screen is checked at (desktop 1280, phone 390).
import path from 'node:path';
import type { Page, PageScreenshotOptions } from '@playwright/test';

export const SCREEN_WIDTHS = [1280, 390] as const;
export const SCREENSHOT_DIR = path.resolve('.tmp/screenshots');
// The pictures are for a person to look at; CI has no one to look, and full-page PNGs at two widths are a large
// share of the journeys' CPU on a small machine. CI still lays every screen out at both widths.
const TAKE_PICTURES = process.env.SCREENSHOTS === '1' || !process.env.CI;

/**
 * Saves `<name>-<width>.png` under .tmp/screenshots for each width (not in CI unless SCREENSHOTS=1), then restores
 * the viewport. For a toast: `fullPage: false` keeps to the window, where it is drawn, and `animations: 'allow'`
 * keeps it up (its timer is a CSS animation, which 'disabled' runs to its end).
 */
export async function screenshotAtWidths(
  page: Page,
  name: string,
  { fullPage = true, animations = 'disabled' }: Pick<PageScreenshotOptions, 'fullPage' | 'animations'> = {},
): Promise<string[]> {
  const original = page.viewportSize();
  const files: string[] = [];
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    // Lets layout, lazy images and fade-ins settle at the new width.
    await page.waitForTimeout(400);
    if (!TAKE_PICTURES) continue;
    const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage, animations });
    files.push(file);
  }
  if (original) await page.setViewportSize(original);
  return files;
}

/** True when the page is wider than the viewport (something overflows sideways). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

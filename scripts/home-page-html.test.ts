import { describe, expect, it } from 'vitest';
import { splitHomePage } from '../vite.config';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Ghee Shop</title>
    <link rel="preload" as="image" href="/assets/hero-1-AbC123.webp" type="image/webp" fetchpriority="high" data-home-only />
    <script type="module" crossorigin src="/assets/index-Xyz.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('splitHomePage', () => {
  it('keeps the hero preload for the home page only, and the rest of the page the same in both', () => {
    const { index, home } = splitHomePage(BUILT);
    expect(index).not.toContain('preload');
    expect(index).toContain('<script type="module" crossorigin src="/assets/index-Xyz.js"></script>');
    expect(home).toContain('<link rel="preload" as="image" href="/assets/hero-1-AbC123.webp" type="image/webp" fetchpriority="high" />');
    expect(home).not.toContain('data-home-only');
    expect(home.replace(/\s*<link rel="preload"[^>]*>/, '')).toBe(index);
  });

  it('refuses an index.html with nothing marked for the home page, rather than build a home page without its preload', () => {
    expect(() => splitHomePage('<html><head><title>x</title></head></html>')).toThrow(/data-home-only/);
  });
});

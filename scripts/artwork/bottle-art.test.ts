import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bottleArtworkSvg, renderBottleArtwork, sizeLabel } from './bottle-art';
import type { BottleArtSpec } from './bottle-art';
import { fitTitle } from './label';
import { escapeXml } from './svg';

const base: BottleArtSpec = { title: 'A2 Desi Cow Ghee', sizeMl: 500, style: 'bottle', hue: 'gold' };

describe('bottleArtworkSvg', () => {
  it('shows the title and the size in ml', () => {
    const svg = bottleArtworkSvg(base);
    expect(svg).toContain('A2 Desi');
    expect(svg).toContain('Cow Ghee');
    expect(svg).toContain('>500 ml<');
  });

  it('XML-escapes titles and subtitles', () => {
    const svg = bottleArtworkSvg({ ...base, title: 'A&B <Gold>', subtitle: `"Tom's" <b>` });
    expect(svg).toContain('A&amp;B &lt;Gold&gt;');
    expect(svg).toContain('&quot;Tom&apos;s&quot; &lt;b&gt;');
    expect(svg).not.toContain('<Gold>');
    expect(svg).not.toContain('<b>');
  });

  it('is deterministic, so re-seeding stores identical image bytes', () => {
    expect(bottleArtworkSvg(base)).toBe(bottleArtworkSvg(base));
  });

  it.each([
    ['bottle', 'gold', 0],
    ['jar', 'amber', 1],
    ['tin', 'green', 2],
    ['bottle', 'cream', 2],
  ] as const)('renders a well-formed 1200x1200 image (%s, %s, variant %i)', async (style, hue, variant) => {
    const svg = bottleArtworkSvg({ title: 'Ghee & <Sons> Special Reserve', subtitle: 'A & B', sizeMl: 1000, style, hue, variant });
    // sharp refuses malformed XML, so a successful decode is the well-formedness check.
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(1200);
  });

  it('renderBottleArtwork returns a 1200x1200 PNG', async () => {
    const png = await renderBottleArtwork({ ...base, style: 'jar', hue: 'cream', variant: 1 });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(1200);
  });
});

describe('helpers', () => {
  it('escapeXml escapes all five XML specials', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('sizeLabel uses ml', () => {
    expect(sizeLabel(250)).toBe('250 ml');
  });

  it('fitTitle keeps short titles on one line and breaks long ones', () => {
    expect(fitTitle('Ghee', 280, 200, 44).lines).toEqual(['Ghee']);
    const long = fitTitle('Himalayan Badri Cow Ghee', 280, 200, 44);
    expect(long.lines.length).toBeGreaterThan(1);
    expect(long.lines.join(' ')).toBe('Himalayan Badri Cow Ghee');
    expect(long.fs).toBeGreaterThan(0);
  });
});

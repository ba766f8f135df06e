import type Sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { ImageRejectedError, encodeImage } from './image-store';

// Notes every sharp instance made in this file (and every clone of one) and how many times it was asked for
// pixels (toBuffer): reading the header (metadata) decodes no pixels, each toBuffer of the upload decodes it again.
const made = vi.hoisted(() => [] as { input: unknown; outputs: number }[]);
vi.mock('sharp', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof Sharp }>();
  const real = actual.default;
  type Instance = ReturnType<typeof real>;
  const watch = (instance: Instance, input: unknown): Instance => {
    const record = { input, outputs: 0 };
    made.push(record);
    const toBuffer = instance.toBuffer.bind(instance) as (...args: unknown[]) => unknown;
    const clone = instance.clone.bind(instance);
    Object.assign(instance, {
      toBuffer: (...args: unknown[]) => {
        record.outputs += 1;
        return toBuffer(...args);
      },
      clone: () => watch(clone(), input),
    });
    return instance;
  };
  const counted = Object.assign((...args: Parameters<typeof real>) => watch(real(...args), args[0]), real);
  return { ...actual, default: counted };
});

const { default: sharp } = await import('sharp');

/** How many times the upload's own bytes were decoded since `made` was last emptied. */
const decodesOf = (upload: Buffer) => made.filter((m) => m.input === upload).reduce((sum, m) => sum + m.outputs, 0);

describe('encodeImage', () => {
  it('decodes an upload once for all its sizes', async () => {
    // Stored on its side (EXIF orientation 6), so the one decode also turns it.
    const upload = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c08a2e' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    made.length = 0;
    const image = await encodeImage(upload);
    expect(decodesOf(upload)).toBe(1);
    expect(image.variants.map((v) => [v.variant, v.width, v.height])).toEqual([
      ['card', 300, 400],
      ['thumb', 300, 300],
      ['gallery', 800, 1067],
    ]);
  });

  it('keeps a picture\'s transparency in every size', async () => {
    // Grey with alpha: the pixels decoded once must keep the alpha channel through to each size.
    const upload = await sharp({ create: { width: 900, height: 450, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const image = await encodeImage(upload);
    for (const v of image.variants) {
      const { data, info } = await sharp(v.data).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels, v.variant).toBe(4);
      expect(data[3], v.variant).toBeGreaterThan(100);
      expect(data[3], v.variant).toBeLessThan(155);
    }
  });

  it('refuses a picture too tall for WebP before decoding it', async () => {
    // 100 wide, so its card keeps its size: 20,000 rows, where WebP holds at most 16,383.
    const upload = await sharp({ create: { width: 100, height: 20_000, channels: 3, background: '#3a7d44' } }).png().toBuffer();
    made.length = 0;
    const refused = encodeImage(upload);
    await expect(refused).rejects.toThrow(ImageRejectedError);
    await expect(refused).rejects.toThrow('The picture is 100 × 20000 pixels, too tall for its width');
    expect(decodesOf(upload)).toBe(0);
  });
});

import sharp from 'sharp';

let shade = 0;

/**
 * A picture no other call in this test file makes: uploads are stored by content hash, so two equal pictures would
 * be one stored file and a test could pass for the wrong reason.
 */
export async function uniquePicture(format: 'jpeg' | 'png' | 'webp' | 'gif' = 'png', width = 64, height = 64): Promise<Buffer> {
  shade += 1;
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: (shade * 7) % 256, b: (shade * 13) % 256 } } });
  return image.toFormat(format).toBuffer();
}

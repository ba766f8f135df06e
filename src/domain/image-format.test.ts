import { describe, expect, it } from 'vitest';
import { pictureFormatOf } from './image-format';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('pictureFormatOf', () => {
  it('tells JPEG, PNG and WebP by their first bytes', () => {
    expect(pictureFormatOf(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpeg');
    expect(pictureFormatOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('png');
    expect(pictureFormatOf(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses anything else, whatever its name would say', () => {
    expect(pictureFormatOf(bytes('These are my notes'))).toBeNull();
    expect(pictureFormatOf(bytes('%PDF-1.4\n'))).toBeNull();
    expect(pictureFormatOf(bytes('GIF89a'))).toBeNull();
    expect(pictureFormatOf(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(pictureFormatOf(bytes([0x89], 'PNG'))).toBeNull();
    expect(pictureFormatOf(new Uint8Array())).toBeNull();
  });
});

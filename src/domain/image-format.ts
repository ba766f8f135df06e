// What a file's first bytes say it is. The studio checks a chosen file with it before showing or sending it, since a
// browser names a file's type from its extension only; the server decodes every upload anyway (sharp).

export type PictureFormat = 'jpeg' | 'png' | 'webp';

/** Bytes enough to tell the formats apart. */
export const PICTURE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture format the bytes start with, or null when they are not a JPEG, PNG or WebP file. */
export function pictureFormatOf(bytes: Uint8Array): PictureFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

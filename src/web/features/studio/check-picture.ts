import { PICTURE_SIGNATURE_BYTES, pictureFormatOf } from '../../../domain/image-format';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '../../../domain/schemas/studio';

export const PICTURE_REFUSALS = {
  notPicture: (name: string) => `"${name}" is not a picture. Choose a JPEG, PNG or WebP photo.`,
  damaged: (name: string) => `"${name}" is damaged and cannot be shown. Save it again, then choose it.`,
  tooLarge: (name: string) => `"${name}" is larger than 5 MB. Make it smaller and upload it again.`,
} as const;

/** The browser can show it: it decodes. Skipped where the browser has no way to tell without a page element. */
async function decodes(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a chosen file cannot be a product photo, or null when it can. The type the browser reports comes from the
 * file's name, so the first bytes are read too: a text file called notes.png is refused here, not shown broken.
 */
export async function pictureProblem(file: File): Promise<string | null> {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return PICTURE_REFUSALS.notPicture(file.name);
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return PICTURE_REFUSALS.tooLarge(file.name);
  const head = new Uint8Array(await file.slice(0, PICTURE_SIGNATURE_BYTES).arrayBuffer());
  if (!pictureFormatOf(head)) return PICTURE_REFUSALS.notPicture(file.name);
  return (await decodes(file)) ? null : PICTURE_REFUSALS.damaged(file.name);
}

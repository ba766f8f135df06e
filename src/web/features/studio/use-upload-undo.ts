import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { STUDIO_TOASTS, type StudioProduct } from '../../../domain/schemas/studio';
import { ApiError } from '../../lib/api-client';
import { messageOf } from './studio-errors';
import { useRemoveImage } from './studio-api';

/**
 * Photos go up as soon as they are chosen, so the admin sees them and can give them to a size; only a save keeps
 * them. Leaving the editor any other way (Cancel, the close button, opening another product) takes off the photos
 * uploaded since the last save. Photos the product already had are never touched.
 */
export function useUploadUndo(product: StudioProduct | null) {
  const remove = useRemoveImage();
  const [undoing, setUndoing] = useState(false);
  const added = useRef(new Set<string>());
  // What the undo needs when it runs, possibly after the editor has gone: the latest gallery and call.
  const latest = useRef({ product, removeImage: remove.mutateAsync });
  useEffect(() => {
    latest.current = { product, removeImage: remove.mutateAsync };
  });

  async function undo(): Promise<void> {
    const { product: current, removeImage } = latest.current;
    const uploaded = [...added.current];
    added.current.clear();
    if (!current) return;
    // A photo removed meanwhile by hand is gone already.
    const hashes = uploaded.filter((hash) => current.gallery.some((g) => g.hash === hash));
    if (hashes.length === 0) return;
    try {
      for (const hash of hashes) await removeImage({ id: current._id, hash });
      toast.info(STUDIO_TOASTS.uploadsUndone(hashes.length));
    } catch (error) {
      // The product itself was deleted meanwhile: nothing is left to undo.
      if (!(error instanceof ApiError && error.status === 404)) toast.error(messageOf(error));
    }
  }

  // On leaving: `undo` reads everything it needs from refs, so the first one serves.
  useEffect(() => () => void undo(), []);

  return {
    /** Photos an upload added to the product. */
    track: (hashes: string[]) => hashes.forEach((hash) => added.current.add(hash)),
    /** The product was saved: what is on it now stays. */
    saved: () => added.current.clear(),
    /** Takes the photos uploaded since the last save off the product, then calls `then` (closing the editor). */
    async cancel(then: () => void) {
      setUndoing(true);
      await undo();
      setUndoing(false);
      then();
    },
    undoing,
  };
}

import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { PRODUCT_IMAGES_MAX } from '../../../domain/constants';
import { IMAGE_UPLOAD_TYPES, STUDIO_TOASTS, type StudioProduct } from '../../../domain/schemas/studio';
import { pictureProblem } from './check-picture';
import { messageOf } from './studio-errors';
import { useRemoveImage, useReorderImages } from './studio-api';
import { useObjectUrls } from './use-object-urls';
import { useUploadImages } from './use-upload-images';

interface ImageManagerProps {
  /** The saved product, or null while creating one: its pictures are then kept here and sent after saving. */
  product: StudioProduct | null;
  pending: File[];
  /** Preview URLs of `pending`, in the same order. */
  pendingUrls: string[];
  onPendingChange: (files: File[]) => void;
  productName: string;
  /** Hears the hashes of photos this upload added to the saved product (not those it already had). */
  onUploaded?: (hashes: string[]) => void;
}

export function ImageManager({ product, pending, pendingUrls, onPendingChange, productName, onUploaded }: ImageManagerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadAll = useUploadImages();
  const remove = useRemoveImage();
  const reorder = useReorderImages();
  const [uploading, setUploading] = useState<File[]>([]);
  const [checking, setChecking] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const uploadingUrls = useObjectUrls(uploading);
  const gallery = product?.gallery ?? [];
  const count = gallery.length + pending.length + uploading.length;
  const busy = checking || uploading.length > 0 || remove.isPending || reorder.isPending;
  const label = productName.trim() || 'the product';

  async function onFiles(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    // Refused files never reach the list: the reasons stay under the field until the next choice.
    setChecking(true);
    let problems: (string | null)[];
    try {
      problems = await Promise.all(chosen.map((file) => pictureProblem(file)));
    } finally {
      setChecking(false);
    }
    setRefused(problems.filter((p) => p !== null));
    const accepted = chosen.filter((_, i) => problems[i] === null);
    const room = PRODUCT_IMAGES_MAX - count;
    if (accepted.length > room) {
      toast.error(`A product can have at most ${PRODUCT_IMAGES_MAX} images; ${accepted.length - Math.max(room, 0)} were not added.`);
      accepted.splice(Math.max(room, 0));
    }
    if (accepted.length === 0) return;
    if (!product) {
      onPendingChange([...pending, ...accepted]);
      return;
    }
    setUploading(accepted);
    const had = new Set(gallery.map((g) => g.hash));
    const saved = await uploadAll(product._id, accepted, (done) => setUploading((files) => files.filter((f) => f !== done)));
    if (saved) onUploaded?.(saved.gallery.map((g) => g.hash).filter((hash) => !had.has(hash)));
  }

  function move(from: number, to: number) {
    if (!product) {
      const next = [...pending];
      const [file] = next.splice(from, 1);
      if (file) next.splice(to, 0, file);
      onPendingChange(next);
      return;
    }
    const order = gallery.map((g) => g.hash);
    const [hash] = order.splice(from, 1);
    if (hash) order.splice(to, 0, hash);
    reorder.mutate(
      { id: product._id, order },
      { onSuccess: () => toast.success(STUDIO_TOASTS.imagesReordered), onError: (e) => toast.error(messageOf(e)) },
    );
  }

  function drop(index: number) {
    if (!product) {
      onPendingChange(pending.filter((_, i) => i !== index));
      return;
    }
    const image = gallery[index];
    if (!image) return;
    remove.mutate(
      { id: product._id, hash: image.hash },
      { onSuccess: () => toast.success(STUDIO_TOASTS.imageRemoved), onError: (e) => toast.error(messageOf(e)) },
    );
  }

  const items = product
    ? gallery.map((g) => ({ key: g.hash, src: g.thumb }))
    : pending.map((f, i) => ({ key: `${f.name}-${i}`, src: pendingUrls[i] ?? '' }));

  return (
    <fieldset className="studio-images">
      <legend className="studio-label">Photos</legend>
      <p className="small text-body-secondary mb-2">
        JPEG, PNG or WebP, up to 5 MB each. The first photo is the one on the product card.
        {!product ? ' They are uploaded when you create the product.' : ' New photos are kept when you save; Cancel removes them.'}
      </p>
      {items.length === 0 && uploading.length === 0 ? <p className="small fst-italic mb-2">No photos yet.</p> : null}
      <ol className="studio-thumbs list-unstyled" aria-label={`Photos of ${label}`}>
        {items.map((item, index) => (
          <li key={item.key} className="studio-thumb">
            <img src={item.src} alt={`Photo ${index + 1} of ${label}`} width={96} height={96} />
            <div className="studio-thumb-actions">
              <button
                type="button"
                className="btn btn-sm btn-light"
                onClick={() => move(index, index - 1)}
                disabled={busy || index === 0}
                aria-label={`Move photo ${index + 1} earlier`}
                title="Move earlier"
              >
                <span aria-hidden="true">←</span>
              </button>
              <button
                type="button"
                className="btn btn-sm btn-light"
                onClick={() => move(index, index + 1)}
                disabled={busy || index === items.length - 1}
                aria-label={`Move photo ${index + 1} later`}
                title="Move later"
              >
                <span aria-hidden="true">→</span>
              </button>
              <button
                type="button"
                className="btn btn-sm btn-light text-danger"
                onClick={() => drop(index)}
                disabled={busy}
                aria-label={`Remove photo ${index + 1}`}
                title="Remove"
              >
                <span aria-hidden="true">✕</span>
              </button>
            </div>
          </li>
        ))}
        {uploading.map((file, i) => (
          <li key={`up-${file.name}-${i}`} className="studio-thumb studio-thumb-uploading">
            <img src={uploadingUrls[i] ?? ''} alt={`Uploading ${file.name}`} width={96} height={96} />
            <span className="spinner-border spinner-border-sm studio-thumb-spinner" role="status">
              <span className="visually-hidden">Uploading {file.name}</span>
            </span>
          </li>
        ))}
      </ol>
      <label htmlFor={inputId} className="form-label small mb-1">
        Add photos
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        className="form-control"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        multiple
        disabled={busy || count >= PRODUCT_IMAGES_MAX}
        aria-describedby={`${inputId}-refused`}
        onChange={(e) => void onFiles(e.target.files)}
      />
      <div id={`${inputId}-refused`} className="invalid-feedback d-block small" role="alert">
        {refused.map((message, i) => (
          <div key={`${i}-${message}`}>{message}</div>
        ))}
      </div>
    </fieldset>
  );
}

import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { formatSize } from '../../../domain/display';
import type { StudioImage } from '../../../domain/schemas/studio';
import type { ProductFormValues } from './product-form-values';
import './size-pictures.css';

interface SizePicturesProps {
  form: UseFormReturn<ProductFormValues>;
  /** The product's photos as saved; empty for a product not created yet. */
  gallery: readonly StudioImage[];
  idPrefix: string;
}

/**
 * Per size, one of the product's photos (or none): the product page shows it when a customer picks that size.
 * Saved with the product's other fields.
 */
export function SizePictures({ form, gallery, idPrefix }: SizePicturesProps) {
  const { control, setValue, formState } = form;
  const rows = useWatch({ control, name: 'sizes' });
  const hashes = gallery.map((g) => g.hash).join(' ');

  // A photo removed from the product meanwhile can no longer be a size's photo.
  useEffect(() => {
    const current = new Set(hashes.split(' '));
    form.getValues('sizes').forEach((row, i) => {
      if (row.picture && !current.has(row.picture)) setValue(`sizes.${i}.picture`, null, { shouldDirty: true });
    });
  }, [hashes, form, setValue]);

  return (
    <fieldset className="studio-size-pictures my-3">
      <legend className="studio-label">Photo for each size</legend>
      {gallery.length === 0 ? (
        <p className="small text-body-secondary mb-0">Once the product has photos, you can give each size its own here.</p>
      ) : (
        <>
          <p className="small text-body-secondary mb-2">
            The product page switches to this photo when a customer picks the size; with none, it shows the first photo.
          </p>
          {rows.map((row, i) => {
            const rowId = `${idPrefix}-picture-${i}`;
            const label = Number.isFinite(row.size) && row.size > 0 ? formatSize(row.size) : `Size ${i + 1}`;
            const chosen = row.picture && gallery.some((g) => g.hash === row.picture) ? row.picture : null;
            const error = formState.errors.sizes?.[i]?.picture?.message;
            const choose = (hash: string | null) => setValue(`sizes.${i}.picture`, hash, { shouldDirty: true });
            return (
              <div key={i} className="studio-size-picture" role="radiogroup" aria-labelledby={`${rowId}-label`} aria-describedby={`${rowId}-error`}>
                <span id={`${rowId}-label`} className="studio-size-picture-size">
                  Photo for {label}
                </span>
                <div className="studio-picks">
                  <label className="studio-pick studio-pick-none">
                    <input type="radio" className="form-check-input" name={rowId} checked={chosen === null} onChange={() => choose(null)} />
                    <span>None</span>
                  </label>
                  {gallery.map((image, n) => (
                    <label key={image.hash} className="studio-pick">
                      <input
                        type="radio"
                        className="form-check-input"
                        name={rowId}
                        aria-label={`Photo ${n + 1}`}
                        checked={chosen === image.hash}
                        onChange={() => choose(image.hash)}
                      />
                      <img src={image.thumb} alt="" width={56} height={56} loading="lazy" decoding="async" />
                    </label>
                  ))}
                </div>
                <div id={`${rowId}-error`} className="invalid-feedback d-block small">
                  {error}
                </div>
              </div>
            );
          })}
        </>
      )}
    </fieldset>
  );
}

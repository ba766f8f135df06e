import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { PRODUCT_SIZES_MAX } from '../../../domain/constants';
import { formatRupees } from '../../../domain/display';
import { discountedPrice } from '../../../domain/pricing';
import { packedWeightFromSize } from '../../../domain/shipping';
import type { ProductFormValues } from './product-form-values';

interface SizesEditorProps {
  form: UseFormReturn<ProductFormValues>;
  offer: number;
  idPrefix: string;
}

/** Bottle sizes with their prices, one row each; one row is the size the card shows first. */
export function SizesEditor({ form, offer, idPrefix }: SizesEditorProps) {
  const { control, register, setValue, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'sizes' });
  const defaultRow = useWatch({ control, name: 'defaultRow' });
  const rows = useWatch({ control, name: 'sizes' });
  const errors = formState.errors.sizes;

  function removeRow(index: number) {
    remove(index);
    if (defaultRow === index) setValue('defaultRow', 0);
    else if (defaultRow > index) setValue('defaultRow', defaultRow - 1);
  }

  function addRow() {
    const largest = Math.max(0, ...rows.map((r) => (Number.isFinite(r.size) ? r.size : 0)));
    append({ size: largest > 0 ? largest * 2 : 250, price: NaN }, { shouldFocus: true });
  }

  return (
    <fieldset className="mb-3">
      <legend className="studio-label">Sizes and prices</legend>
      <div className="studio-sizes">
        {fields.map((field, index) => {
          const sizeId = `${idPrefix}-size-${index}`;
          const priceId = `${idPrefix}-price-${index}`;
          const sizeError = errors?.[index]?.size?.message;
          const priceError = errors?.[index]?.price?.message;
          const price = rows[index]?.price ?? NaN;
          return (
            <div key={field.id} className="studio-size-row" role="group" aria-label={`Size ${index + 1}`}>
              <div className="studio-size-field">
                <label htmlFor={sizeId} className="form-label small mb-1">
                  Size (ml)
                </label>
                <input
                  id={sizeId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  className={`form-control${sizeError ? ' is-invalid' : ''}`}
                  aria-invalid={sizeError ? true : undefined}
                  aria-describedby={`${sizeId}-error`}
                  {...register(`sizes.${index}.size`, { valueAsNumber: true })}
                />
                <div id={`${sizeId}-error`} className="invalid-feedback d-block small">
                  {sizeError}
                </div>
              </div>
              <div className="studio-size-field">
                <label htmlFor={priceId} className="form-label small mb-1">
                  Price (Rs.)
                </label>
                <input
                  id={priceId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  className={`form-control${priceError ? ' is-invalid' : ''}`}
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={`${priceId}-error ${priceId}-offer`}
                  {...register(`sizes.${index}.price`, { valueAsNumber: true })}
                />
                <div id={`${priceId}-error`} className="invalid-feedback d-block small">
                  {priceError}
                </div>
                <div id={`${priceId}-offer`} className="small text-body-secondary">
                  {offer > 0 && Number.isFinite(price) && price > 0 ? `${formatRupees(discountedPrice(price, offer))} after offer` : null}
                </div>
              </div>
              <div className="studio-size-field">
                <label htmlFor={`${idPrefix}-weight-${index}`} className="form-label small mb-1">
                  Packed (g)
                </label>
                <input
                  id={`${idPrefix}-weight-${index}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  placeholder={Number.isFinite(rows[index]?.size) ? String(packedWeightFromSize(rows[index]!.size)) : ''}
                  className={`form-control${errors?.[index]?.weight?.message ? ' is-invalid' : ''}`}
                  aria-invalid={errors?.[index]?.weight?.message ? true : undefined}
                  aria-describedby={`${idPrefix}-weight-${index}-error`}
                  {...register(`sizes.${index}.weight`, { valueAsNumber: true })}
                />
                <div id={`${idPrefix}-weight-${index}-error`} className="invalid-feedback d-block small">
                  {errors?.[index]?.weight?.message}
                </div>
              </div>
              <div className="studio-size-default form-check">
                <input
                  id={`${idPrefix}-default-${index}`}
                  className="form-check-input"
                  type="radio"
                  name={`${idPrefix}-default`}
                  checked={defaultRow === index}
                  onChange={() => setValue('defaultRow', index, { shouldDirty: true })}
                />
                <label htmlFor={`${idPrefix}-default-${index}`} className="form-check-label small">
                  Default
                </label>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger studio-size-remove"
                onClick={() => removeRow(index)}
                disabled={fields.length === 1}
                aria-label={`Remove size ${index + 1}`}
              >
                Remove
              </button>
            </div>
          );
        })}
      </div>
      {errors?.root?.message ? <div className="text-danger small mb-2" role="alert">{errors.root.message}</div> : null}
      {formState.errors.defaultRow?.message ? (
        <div className="text-danger small mb-2" role="alert">{formState.errors.defaultRow.message}</div>
      ) : null}
      <button type="button" className="btn btn-sm btn-outline-amber" onClick={addRow} disabled={fields.length >= PRODUCT_SIZES_MAX}>
        + Add size
      </button>
    </fieldset>
  );
}

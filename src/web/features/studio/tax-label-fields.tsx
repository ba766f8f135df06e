import type { UseFormReturn } from 'react-hook-form';
import { GST_RATES } from '../../../domain/india/gst-tax';
import type { ProductFormValues } from './product-form-values';

/**
 * What the invoice and the label need (DESIGN.md §7.2). Seeded with ghee's values (HSN 0405 at 5%), which the
 * owner confirms here: a wrong rate would be charged on every invoice.
 */
export function TaxLabelFields({ form, idPrefix }: { form: UseFormReturn<ProductFormValues>; idPrefix: string }) {
  const { register, formState } = form;
  const { errors } = formState;
  const id = `${idPrefix}-tax`;
  const field = (name: 'hsn' | 'bestBeforeMonths' | 'countryOfOrigin', label: string, props: object = {}) => (
    <div className="col-6 col-lg-3">
      <label htmlFor={`${id}-${name}`} className="form-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={`form-control${errors[name] ? ' is-invalid' : ''}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-error`}
        {...props}
        {...register(name, name === 'bestBeforeMonths' ? { valueAsNumber: true } : {})}
      />
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block small">
        {errors[name]?.message}
      </div>
    </div>
  );
  return (
    <fieldset className="row g-3 mb-3">
      <legend className="form-label fs-6 mb-0">Tax and label</legend>
      {field('hsn', 'HSN code', { inputMode: 'numeric', autoComplete: 'off' })}
      <div className="col-6 col-lg-3">
        <label htmlFor={`${id}-gstRate`} className="form-label">
          GST rate
        </label>
        <select
          id={`${id}-gstRate`}
          className={`form-select${errors.gstRate ? ' is-invalid' : ''}`}
          aria-describedby={`${id}-gstRate-error`}
          {...register('gstRate', { valueAsNumber: true })}
        >
          {GST_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rate}%
            </option>
          ))}
        </select>
        <div id={`${id}-gstRate-error`} className="invalid-feedback d-block small">
          {errors.gstRate?.message}
        </div>
      </div>
      {field('bestBeforeMonths', 'Best before (months)', { type: 'number', inputMode: 'numeric', min: 1, max: 60, step: 1 })}
      {field('countryOfOrigin', 'Country of origin', { autoComplete: 'country-name' })}
    </fieldset>
  );
}

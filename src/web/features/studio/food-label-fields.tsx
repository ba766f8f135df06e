import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FOOD_TEXT_MAX, NUTRITION_FIELDS, VEG_MARKS } from '../../../domain/schemas/food-label';
import { VegMark } from '../../components/veg-mark';
import type { ProductFormValues } from './product-form-values';

type TextName = 'ingredients' | 'allergens' | 'storage';

/**
 * The food label the product page shows as on the pack (FSSAI Labelling and Display Regulations): ingredients,
 * allergens, the veg or non-veg mark, nutrition per 100 g (all boxes empty: not declared yet) and storage.
 */
export function FoodLabelFields({ form, idPrefix }: { form: UseFormReturn<ProductFormValues>; idPrefix: string }) {
  const { register, formState, control } = form;
  const { errors } = formState;
  const id = `${idPrefix}-food`;
  const mark = useWatch({ control, name: 'vegMark' });
  const text = (name: TextName, label: string, help: string, rows = 1) => (
    <div className={name === 'storage' ? 'col-12' : 'col-md-6'}>
      <label htmlFor={`${id}-${name}`} className="form-label">
        {label}
      </label>
      <textarea
        id={`${id}-${name}`}
        rows={rows}
        maxLength={FOOD_TEXT_MAX}
        className={`form-control${errors[name] ? ' is-invalid' : ''}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${id}-${name}-help ${id}-${name}-error`}
        {...register(name)}
      />
      <div id={`${id}-${name}-help`} className="form-text">
        {help}
      </div>
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block small">
        {errors[name]?.message}
      </div>
    </div>
  );
  return (
    <fieldset className="row g-3 mb-3">
      <legend className="form-label fs-6 mb-0">Food label</legend>
      {text('ingredients', 'Ingredients', 'As on the pack, e.g. "Milk fat (from cow\'s milk)".', 2)}
      {text('allergens', 'Allergen declaration', 'E.g. "Contains milk".', 2)}
      <div className="col-12">
        <span className="form-label d-block" id={`${id}-vegMark-label`}>
          Veg or non-veg mark
        </span>
        <div role="radiogroup" aria-labelledby={`${id}-vegMark-label`} className="d-flex gap-4">
          {VEG_MARKS.map((value) => (
            <div className="form-check d-flex align-items-center gap-2" key={value}>
              <input className="form-check-input" type="radio" id={`${id}-vegMark-${value}`} value={value} {...register('vegMark')} />
              <label className="form-check-label d-flex align-items-center gap-2" htmlFor={`${id}-vegMark-${value}`}>
                <VegMark mark={value} size={18} decorative />
                {value === 'VEG' ? 'Vegetarian' : 'Non-vegetarian'}
              </label>
            </div>
          ))}
        </div>
        {mark === 'NONVEG' ? <div className="form-text">Ghee is vegetarian: choose this only for a product that is not.</div> : null}
      </div>
      <div className="col-12">
        <span className="form-label d-block">Nutrition per 100 g</span>
        <div className="row g-2">
          {NUTRITION_FIELDS.map((f) => {
            const error = errors.nutrition?.[f.key]?.message;
            return (
              <div className="col-6 col-md-3" key={f.key}>
                <label htmlFor={`${id}-${f.key}`} className="form-label small mb-1">
                  {f.label} ({f.unit})
                </label>
                <input
                  id={`${id}-${f.key}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.1"
                  className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-${f.key}-error`}
                  {...register(`nutrition.${f.key}`, { valueAsNumber: true })}
                />
                <div id={`${id}-${f.key}-error`} className="invalid-feedback d-block small">
                  {error}
                </div>
              </div>
            );
          })}
        </div>
        <div className="form-text">Leave every box empty until you have the figures from the pack or its lab report.</div>
      </div>
      {text('storage', 'Storage instructions', 'E.g. "Store in a cool, dry place. Use a dry spoon."', 2)}
    </fieldset>
  );
}

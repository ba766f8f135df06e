import { NUTRITION_FIELDS, nutritionValue } from '../../../domain/schemas/food-label';
import type { Product } from '../../../domain/schemas/product';
import { VegMark } from '../../components/veg-mark';

/**
 * The food label as on the pack (FSSAI Labelling and Display Regulations 2020): the veg mark, ingredients, allergens,
 * nutrition per 100 g and storage. Parts the owner has not filled in yet are left out, not shown empty.
 */
export function FoodLabel({ product }: { product: Product }) {
  const { ingredients, allergens, vegMark, nutritionPer100g: nutrition, storage } = product;
  return (
    <section className="food-label mb-4" aria-labelledby="food-label-title">
      <h2 id="food-label-title" className="h6 d-flex align-items-center gap-2">
        <VegMark mark={vegMark} />
        Food label
      </h2>
      <dl className="row small mb-2" data-testid="food-label">
        <dt className="col-sm-5 fw-semibold">Food type</dt>
        <dd className="col-sm-7 mb-1">{vegMark === 'VEG' ? 'Vegetarian' : 'Non-vegetarian'}</dd>
        {ingredients ? (
          <>
            <dt className="col-sm-5 fw-semibold">Ingredients</dt>
            <dd className="col-sm-7 mb-1">{ingredients}</dd>
          </>
        ) : null}
        {allergens ? (
          <>
            <dt className="col-sm-5 fw-semibold">Allergen information</dt>
            <dd className="col-sm-7 mb-1">{allergens}</dd>
          </>
        ) : null}
        {storage ? (
          <>
            <dt className="col-sm-5 fw-semibold">Storage</dt>
            <dd className="col-sm-7 mb-1">{storage}</dd>
          </>
        ) : null}
      </dl>
      {nutrition ? (
        <table className="table table-sm small nutrition-table mb-0">
          <caption className="caption-top pt-0 text-body-secondary">Nutrition information (approximate values)</caption>
          <thead>
            <tr>
              <th scope="col">Nutrient</th>
              <th scope="col" className="text-end">
                Per 100 g
              </th>
            </tr>
          </thead>
          <tbody>
            {NUTRITION_FIELDS.map((f) => (
              <tr key={f.key}>
                <th scope="row" className={`fw-normal${f.key === 'saturatedFatG' || f.key === 'transFatG' || f.key === 'sugarsG' ? ' ps-3' : ''}`}>
                  {f.label}
                </th>
                <td className="text-end">{nutritionValue(nutrition[f.key], f.unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

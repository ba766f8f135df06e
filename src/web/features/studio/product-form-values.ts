import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { PRODUCT_TAX_DEFAULTS, productInputSchema, type ProductInput } from '../../../domain/schemas/product';
import type { StudioProduct } from '../../../domain/schemas/studio';
import { NUTRITION_FIELDS, type NutritionKey, type NutritionPer100g, type VegMark } from '../../../domain/schemas/food-label';
import { fieldErrors } from '../../../domain/schemas/zod-fields';
import { packedWeightFromSize } from '../../../domain/shipping';

/** One bottle size and its price, as one row of the form, with the size's own photo (its hash) if it has one. */
export interface SizeRow {
  size: number;
  price: number;
  /** Packed weight in grams; empty (NaN or left out) takes the size's rule when saved. */
  weight?: number;
  // Kept in the row, so the photo goes with its size when rows are added or removed.
  picture?: string | null;
}

/**
 * The product form. Sizes and prices are edited as rows (the API keeps them as two aligned arrays), and the
 * default size is picked by row, so it can never name a size that is not listed.
 */
export interface ProductFormValues {
  name: string;
  description: string;
  offerpercentage: number;
  instock: boolean;
  sizes: SizeRow[];
  defaultRow: number;
  hsn: string;
  gstRate: number;
  bestBeforeMonths: number;
  countryOfOrigin: string;
  ingredients: string;
  allergens: string;
  vegMark: VegMark;
  storage: string;
  /** Per 100 g; every box empty (NaN) means "not declared yet". */
  nutrition: Record<NutritionKey, number>;
}

const noNutrition = () => Object.fromEntries(NUTRITION_FIELDS.map((f) => [f.key, NaN])) as Record<NutritionKey, number>;

/** The form's nutrition boxes as the API takes them: null when all are empty, else every figure (an empty one fails). */
function nutritionOf(values: Record<NutritionKey, number>): NutritionPer100g | null {
  return NUTRITION_FIELDS.every((f) => Number.isNaN(values[f.key])) ? null : { ...values };
}

export function emptyForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    offerpercentage: 0,
    instock: true,
    sizes: [{ size: 250, price: NaN }],
    defaultRow: 0,
    ...PRODUCT_TAX_DEFAULTS,
    ingredients: '',
    allergens: '',
    vegMark: 'VEG',
    storage: '',
    nutrition: noNutrition(),
  };
}

export function formOf(product: StudioProduct): ProductFormValues {
  const defaultRow = product.quantitysize.indexOf(product.quantity);
  return {
    name: product.name,
    description: product.description,
    offerpercentage: product.offerpercentage,
    instock: product.instock,
    sizes: product.quantitysize.map((size, i) => ({
      size,
      price: product.price[i] ?? NaN,
      ...(product.weightGrams?.[i] !== undefined ? { weight: product.weightGrams[i] } : {}),
      picture: product.sizeImageHashes[i] ?? null,
    })),
    defaultRow: defaultRow >= 0 ? defaultRow : 0,
    hsn: product.hsn,
    gstRate: product.gstRate,
    bestBeforeMonths: product.bestBeforeMonths,
    countryOfOrigin: product.countryOfOrigin,
    ingredients: product.ingredients,
    allergens: product.allergens,
    vegMark: product.vegMark,
    storage: product.storage,
    nutrition: product.nutritionPer100g ? { ...product.nutritionPer100g } : noNutrition(),
  };
}

export function inputOfForm(values: ProductFormValues): ProductInput {
  return {
    name: values.name,
    description: values.description,
    offerpercentage: values.offerpercentage,
    instock: values.instock,
    price: values.sizes.map((row) => row.price),
    quantitysize: values.sizes.map((row) => row.size),
    quantity: values.sizes[values.defaultRow]?.size ?? NaN,
    images: [],
    hsn: values.hsn,
    gstRate: values.gstRate,
    bestBeforeMonths: values.bestBeforeMonths,
    countryOfOrigin: values.countryOfOrigin,
    ingredients: values.ingredients,
    allergens: values.allergens,
    vegMark: values.vegMark,
    nutritionPer100g: nutritionOf(values.nutrition),
    storage: values.storage,
    sizeImageHashes: values.sizes.map((row) => row.picture ?? null),
    weightGrams: values.sizes.map((row) => (row.weight !== undefined && Number.isFinite(row.weight) ? row.weight : packedWeightFromSize(row.size))),
  };
}

/** Where a message about an API field shows in the form: 'price.1' is the price box of the second row. */
export function formPathOf(apiField: string): string {
  const row = /^(price|quantitysize)\.(\d+)$/.exec(apiField);
  if (row) return `sizes.${row[2]}.${row[1] === 'price' ? 'price' : 'size'}`;
  const weight = /^weightGrams\.(\d+)$/.exec(apiField);
  if (weight) return `sizes.${weight[1]}.weight`;
  const picture = /^sizeImageHashes\.(\d+)$/.exec(apiField);
  if (picture) return `sizes.${picture[1]}.picture`;
  if (apiField === 'sizeImageHashes') return 'sizes';
  if (apiField === 'price' || apiField === 'quantitysize') return 'sizes';
  if (apiField === 'quantity') return 'defaultRow';
  const nutrient = /^nutritionPer100g\.(\w+)$/.exec(apiField);
  if (nutrient) return `nutrition.${nutrient[1]}`;
  return apiField;
}

/** API (or schema) field messages keyed by form path; the first message per path wins. */
export function formMessages(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const path = formPathOf(field);
    if (!(path in out)) out[path] = message;
  }
  return out;
}

/** Checks the form with the same schema the server uses, so the form and the API never disagree. */
export const productFormResolver: Resolver<ProductFormValues> = async (values, _context, options) => {
  const parsed = productInputSchema.safeParse(inputOfForm(values));
  if (parsed.success) return { values, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const [path, message] of Object.entries(formMessages(fieldErrors(parsed.error)))) {
    flat[path] = { type: 'validate', message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

// The food label an FSSAI-licensed seller shows online as on the pack (FSSAI Labelling and Display Regulations 2020;
// DESIGN.md §8.2, §8.7): ingredients, allergen declaration, the veg or non-veg mark, nutrition per 100 g, storage.
import { z } from 'zod';
import { atMost } from './at-most';

export const VEG_MARKS = ['VEG', 'NONVEG'] as const;
export type VegMark = (typeof VEG_MARKS)[number];

/** Nutrition per 100 g, the order and units of the regulations' table. */
export const NUTRITION_FIELDS = [
  { key: 'energyKcal', label: 'Energy', unit: 'kcal', max: 900 },
  { key: 'fatG', label: 'Total fat', unit: 'g', max: 100 },
  { key: 'saturatedFatG', label: 'Saturated fat', unit: 'g', max: 100 },
  { key: 'transFatG', label: 'Trans fat', unit: 'g', max: 100 },
  { key: 'carbohydrateG', label: 'Carbohydrate', unit: 'g', max: 100 },
  { key: 'sugarsG', label: 'Total sugars', unit: 'g', max: 100 },
  { key: 'proteinG', label: 'Protein', unit: 'g', max: 100 },
  { key: 'sodiumMg', label: 'Sodium', unit: 'mg', max: 100_000 },
] as const;
export type NutritionKey = (typeof NUTRITION_FIELDS)[number]['key'];

const amount = (label: string, unit: string, max: number) =>
  z
    .number({ error: `${label}: a number of ${unit} per 100 g` })
    .min(0, { error: `${label} cannot be negative` })
    .max(max, { error: `${label} is at most ${max} ${unit} per 100 g` })
    // One decimal, as labels print it.
    .transform((n) => Math.round(n * 10) / 10);

export const nutritionSchema = z.strictObject(
  Object.fromEntries(NUTRITION_FIELDS.map((f) => [f.key, amount(f.label, f.unit, f.max)])) as Record<NutritionKey, ReturnType<typeof amount>>,
);
export type NutritionPer100g = z.infer<typeof nutritionSchema>;

export const FOOD_TEXT_MAX = 500;
const foodText = (label: string) => z.string().trim().max(FOOD_TEXT_MAX, atMost(label, FOOD_TEXT_MAX));

/** The label's fields as the studio writes them; left out by older callers, they keep the empty defaults. */
export const foodLabelInputShape = {
  ingredients: foodText('Ingredients').default(''),
  allergens: foodText('Allergen declaration').default(''),
  vegMark: z.enum(VEG_MARKS, { error: 'Choose the veg or the non-veg mark' }).default('VEG'),
  nutritionPer100g: nutritionSchema.nullable().default(null),
  storage: foodText('Storage instructions').default(''),
};

/** The same fields in the public product answer (DESIGN.md §8.7); null nutrition = not declared yet. */
export const foodLabelAnswerShape = {
  ingredients: z.string(),
  allergens: z.string(),
  vegMark: z.enum(VEG_MARKS),
  nutritionPer100g: z
    .object(Object.fromEntries(NUTRITION_FIELDS.map((f) => [f.key, z.number()])) as Record<NutritionKey, z.ZodNumber>)
    .nullable(),
  storage: z.string(),
};

export interface FoodLabel {
  ingredients: string;
  allergens: string;
  vegMark: VegMark;
  nutritionPer100g: NutritionPer100g | null;
  storage: string;
}

/** "99.7 g", "897 kcal": a nutrition figure as printed. */
export function nutritionValue(value: number, unit: string): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

/** A product whose label is not filled in yet (and the Sanity source, which has no label fields). */
export const EMPTY_FOOD_LABEL: FoodLabel = { ingredients: '', allergens: '', vegMark: 'VEG', nutritionPer100g: null, storage: '' };

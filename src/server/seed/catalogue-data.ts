// The catalogue a fresh shop starts with. Copy follows SPEC.md §1: small-batch ghee from
// grass-fed butter, slow-cooked, lactose-free, high smoke point, vitamins A, D, E and K; no health
// promises beyond that. Prices are integer rupees aligned by index with `quantitysize` (ml).
// Offers are chosen so that rounding matters (15% of 649 = 97.35 → 97, 5% of 449 = 22.45 → 22).
import type { FoodLabel } from '../../domain/schemas/food-label';
import type { BottleArtSpec } from './bottle-art-spec';

export interface SeedProduct {
  name: string;
  description: string;
  offerpercentage: number;
  instock: boolean;
  /** Available sizes in ml. */
  quantitysize: number[];
  /** Price in rupees for each size, same index as `quantitysize`. */
  price: number[];
  /** Default size in ml; one of `quantitysize`. */
  quantity: number;
  /** The food label (FSSAI): ghee's typical values, for the owner to check against the pack's lab report. */
  foodLabel: FoodLabel;
  /** Gallery drawings (front, with bowl and spoon, lifestyle), shipped pre-drawn in `catalogue-images/`. */
  art: BottleArtSpec[];
}

/** Front, bowl-and-spoon and lifestyle shots of one pack, all showing the default size. */
function gallery(base: Omit<BottleArtSpec, 'variant'>): BottleArtSpec[] {
  return [0, 1, 2].map((variant) => ({ ...base, variant }));
}

/** Ghee is all milk fat: per 100 g about 897 kcal and 99.7 g fat, no carbohydrate, sugar or protein to speak of. */
function gheeLabel(milk: string): FoodLabel {
  return {
    ingredients: `Milk fat (from ${milk})`,
    allergens: 'Contains milk',
    vegMark: 'VEG',
    nutritionPer100g: { energyKcal: 897, fatG: 99.7, saturatedFatG: 62, transFatG: 2.5, carbohydrateG: 0, sugarsG: 0, proteinG: 0, sodiumMg: 0 },
    storage: 'Store in a cool, dry place away from direct sunlight. Close the lid after use and use a dry spoon. No need to refrigerate.',
  };
}

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    name: 'A2 Desi Cow Ghee',
    description:
      'Our everyday favourite. We culture the milk of grass-fed desi cows overnight, churn it into ' +
      'butter and slow-cook that butter in small batches over a low flame until it turns clear gold ' +
      'and smells of toasted nuts. Nothing is added. Ghee is naturally lactose-free, carries ' +
      'vitamins A, D, E and K, and its high smoke point makes it just right for tadka, parathas and ' +
      'a spoonful over hot dal and rice.',
    offerpercentage: 15,
    instock: true,
    quantitysize: [250, 500, 1000],
    price: [649, 1199, 2299],
    quantity: 500,
    foodLabel: gheeLabel("cow's milk"),
    art: gallery({ title: 'A2 Desi Cow Ghee', subtitle: 'Grass-fed · Small-batch', sizeMl: 500, style: 'bottle', hue: 'gold' }),
  },
  {
    name: 'Bilona Gir Cow Ghee',
    description:
      'Made the old, slow way. Curd from our Gir cows, who graze on open pasture, is hand-churned ' +
      'in a clay pot with a wooden bilona until the butter rises. We then simmer that butter for ' +
      'hours in an iron kadhai and strain it through muslin. The grains are soft, the aroma is deep ' +
      'and each tin is filled by hand. Lactose-free, with a high smoke point and natural vitamins ' +
      'A, D, E and K.',
    offerpercentage: 10,
    instock: true,
    quantitysize: [250, 500, 1000],
    price: [799, 1499, 2899],
    quantity: 500,
    foodLabel: gheeLabel("cow's milk"),
    art: gallery({ title: 'Bilona Gir Cow Ghee', subtitle: 'Hand-churned', sizeMl: 500, style: 'tin', hue: 'green' }),
  },
  {
    name: 'Buffalo Ghee',
    description:
      'Rich, creamy and pale ivory-gold, the way buffalo ghee should be. We slow-cook fresh butter ' +
      'from grass-fed buffaloes raised on small family farms, in batches small enough to watch ' +
      'every pan. It sets with a fine, smooth grain and a mellow taste that suits halwa, laddoos and ' +
      'festive sweets. Naturally lactose-free, high smoke point, with vitamins A, D, E and K.',
    offerpercentage: 0,
    instock: true,
    quantitysize: [500, 1000],
    price: [549, 999],
    quantity: 500,
    foodLabel: gheeLabel("buffalo's milk"),
    art: gallery({ title: 'Buffalo Ghee', subtitle: 'Rich & creamy', sizeMl: 500, style: 'jar', hue: 'amber' }),
  },
  {
    name: 'Cultured Cow Ghee',
    description:
      'A little bottle to fall in love with. We let fresh cream from grass-fed cows culture slowly ' +
      'before churning, which gives this ghee a gentle tang and a bright, buttery aroma. It is then ' +
      'slow-cooked in tiny batches and poured warm into glass. Lactose-free, rich in vitamins A, D, ' +
      'E and K, and happy at high heat. Try the 100 ml bottle first; we think you will be back.',
    offerpercentage: 5,
    instock: true,
    quantitysize: [100, 250, 300],
    price: [199, 449, 529],
    quantity: 250,
    foodLabel: gheeLabel("cultured cow's milk"),
    art: gallery({ title: 'Cultured Cow Ghee', subtitle: 'Slow-cultured', sizeMl: 250, style: 'bottle', hue: 'cream' }),
  },
  {
    name: 'Danedar Desi Ghee',
    description:
      'Danedar means grainy, and this is the ghee our grandmothers judged by its grain. Butter ' +
      'from grass-fed desi cows is slow-cooked and then left to cool undisturbed, so it sets into ' +
      'big golden granules that melt the moment they touch a hot roti. Made in small batches, ' +
      'nothing added. Lactose-free, a high smoke point for frying, and vitamins A, D, E and K.',
    offerpercentage: 0,
    instock: true,
    quantitysize: [250, 500, 1000],
    price: [499, 949, 1849],
    quantity: 1000,
    foodLabel: gheeLabel("cow's milk"),
    art: gallery({ title: 'Danedar Desi Ghee', subtitle: 'Big golden grain', sizeMl: 1000, style: 'jar', hue: 'gold' }),
  },
  {
    name: 'Himalayan Badri Cow Ghee',
    description:
      'From the small hill cows of Uttarakhand, who spend their days grazing on mountain herbs and ' +
      'grasses. Their milk is scarce, so every batch is tiny: churned by hand, slow-cooked over a ' +
      'wood fire and poured the same day. The ghee is deep yellow with a delicate, almost floral ' +
      'aroma. Lactose-free, with a high smoke point and vitamins A, D, E and K. Back in stock after ' +
      'the spring milk.',
    offerpercentage: 5,
    instock: false,
    quantitysize: [250, 500],
    price: [899, 1699],
    quantity: 250,
    foodLabel: gheeLabel("cow's milk"),
    art: gallery({ title: 'Himalayan Badri Cow Ghee', subtitle: 'Mountain pasture', sizeMl: 250, style: 'bottle', hue: 'amber' }),
  },
];

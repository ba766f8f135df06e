// The stock calls' bodies and the 409 OUT_OF_STOCK answer, apart from src/domain/stock.ts so that the storefront's
// first load (which shows "Only N left") does not carry zod.
import { z } from 'zod';
import { OUT_OF_STOCK } from '../stock';

const STOCK_MAX = 1_000_000;
const bottles = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(STOCK_MAX, { error: message });

/** PUT /api/stock/{productId}/{size}: the count on the shelf now, or null to stop tracking the size. */
export const setStockSchema = z.strictObject({ stock: bottles('Enter the bottles on the shelf as a whole number from 0 up.').nullable() });
/** POST /api/stock/{productId}/{size}/received: bottles that arrived, added to the count. */
export const receiveStockSchema = z.strictObject({
  bottles: bottles('Enter the bottles received as a whole number from 1 up.').min(1, { error: 'Enter the bottles received as a whole number from 1 up.' }),
});

/** The body of that 409: `line.quantity` is the size in ml (SPEC.md's name), `left` never below 0. */
export const outOfStockAnswerSchema = z.object({
  error: z.literal(OUT_OF_STOCK),
  message: z.string(),
  line: z.object({ index: z.number().int(), name: z.string(), quantity: z.number(), left: z.number().int().min(0) }),
});
export type OutOfStockAnswer = z.infer<typeof outOfStockAnswerSchema>;

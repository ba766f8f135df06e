import { outOfStockAnswerSchema } from '../../../domain/schemas/stock';
import { OUT_OF_STOCK } from '../../../domain/stock';
import { ApiError } from '../../lib/api-client';

/** Which size ran short when the order was placed, how many are left, and the server's sentence about it. */
export interface StockShortage {
  name: string;
  /** The size in ml (SPEC.md calls it quantity). */
  quantity: number;
  left: number;
  message: string;
}

/** 409 OUT_OF_STOCK (DESIGN.md §7.3): nothing was written, and the answer names the line. */
export function stockShortage(error: unknown): StockShortage | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== OUT_OF_STOCK) return null;
  const answer = outOfStockAnswerSchema.safeParse(error.body);
  if (!answer.success) return null;
  const { name, quantity, left } = answer.data.line;
  return { name, quantity, left, message: answer.data.message };
}

import { z } from 'zod';

/**
 * The most characters a field's schema takes, for its input's maxLength: the browser then stops the typing at the
 * limit instead of the form refusing it afterwards. Looks through defaults, optionals and transforms to the text.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined;
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return maxLengthOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return maxLengthOf(schema.in as z.ZodType);
  return undefined;
}

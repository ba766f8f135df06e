// Test-only helper: the messages a schema gives per field, as a form would show them.
import type { z } from 'zod';
import { fieldErrors } from './zod-fields';

export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return fieldErrors(result.error);
}

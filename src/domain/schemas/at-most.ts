// The length limit of a text field, apart from fields.ts so that the storefront's product schemas do not bring the
// password rules (and their list of common passwords) into its bundle.
import { VALIDATION } from '../messages';

/** A `.max()` option whose message names the field, the limit and the length of the text sent. */
export function atMost(label: string, max: number) {
  return { error: (issue: { input?: unknown }) => VALIDATION.tooLong(label, max, typeof issue.input === 'string' ? issue.input.length : undefined) };
}

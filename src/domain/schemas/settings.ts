// Shop settings: one row, read and replaced whole. Field names keep the spec's spelling
// (`intialsubject`, `intialbody`) because they are the wire format.
import { z } from 'zod';
import { SETTINGS_BODY_MAX, SETTINGS_SUBJECT_MAX } from '../constants';
import { optionalText } from './fields';

/** Body of PUT /api/settings (strict, see account.ts) and answer of GET /api/settings. */
export const settingsSchema = z.strictObject({
  emailsetting: z.boolean(),
  customeremail: z.boolean(),
  intialsubject: optionalText(SETTINGS_SUBJECT_MAX),
  intialbody: optionalText(SETTINGS_BODY_MAX),
});
export type Settings = z.infer<typeof settingsSchema>;

// Shop settings: one row, read and replaced whole. Field names keep the spec's spelling
// (`intialsubject`, `intialbody`) because they are the wire format.
import { z } from 'zod';
import { SETTINGS_BODY_MAX, SETTINGS_SUBJECT_MAX } from '../constants';
import { VALIDATION } from '../messages';
import { LOW_STOCK_THRESHOLD_MAX, LOW_STOCK_THRESHOLD_MESSAGE } from '../stock';
import { mailText } from './fields';
import { REVIEW_REQUEST_DAYS_MAX } from './review';
import { COD_CONFIRM_HOURS_MAX, COD_CONFIRM_HOURS_MESSAGE } from '../messages-and-confirmation';

const REVIEW_DAYS_MESSAGE = `The review request goes 1 to ${REVIEW_REQUEST_DAYS_MAX} days after delivery`;

/** Body of PUT /api/settings (strict, see account.ts) and answer of GET /api/settings. */
export const settingsSchema = z.strictObject({
  emailsetting: z.boolean(),
  customeremail: z.boolean(),
  // Required: the next order would otherwise mail the customer an empty message.
  intialsubject: mailText(VALIDATION.settingsSubjectRequired, SETTINGS_SUBJECT_MAX, 'Initial subject'),
  intialbody: mailText(VALIDATION.settingsBodyRequired, SETTINGS_BODY_MAX, 'Initial body'),
  // Always answered; optional in a PUT so the original client, which sends the four fields above, keeps it as is.
  lowStockThreshold: z
    .number({ error: LOW_STOCK_THRESHOLD_MESSAGE })
    .int({ error: LOW_STOCK_THRESHOLD_MESSAGE })
    .min(0, { error: LOW_STOCK_THRESHOLD_MESSAGE })
    .max(LOW_STOCK_THRESHOLD_MAX, { error: LOW_STOCK_THRESHOLD_MESSAGE })
    .optional(),
  // Reviews (DESIGN.md §8.4): optional in a PUT for the same reason; left out, they stay as they are.
  reviewsNeedApproval: z.boolean({ error: 'Say whether reviews wait for approval' }).optional(),
  reviewRequestDays: z
    .number({ error: REVIEW_DAYS_MESSAGE })
    .int({ error: REVIEW_DAYS_MESSAGE })
    .min(1, { error: REVIEW_DAYS_MESSAGE })
    .max(REVIEW_REQUEST_DAYS_MAX, { error: REVIEW_DAYS_MESSAGE })
    .optional(),
  // COD confirmation (DESIGN.md §8.6), off until the owner turns it on; optional in a PUT like the two above.
  codConfirmation: z.boolean({ error: 'Say whether cash on delivery orders wait for confirmation' }).optional(),
  codConfirmHours: z
    .number({ error: COD_CONFIRM_HOURS_MESSAGE })
    .int({ error: COD_CONFIRM_HOURS_MESSAGE })
    .min(1, { error: COD_CONFIRM_HOURS_MESSAGE })
    .max(COD_CONFIRM_HOURS_MAX, { error: COD_CONFIRM_HOURS_MESSAGE })
    .optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

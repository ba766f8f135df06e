// E-mail templates and the status mail (SPEC.md §3, DESIGN.md §4).
import { z } from 'zod';
import {
  GATEWAY_ID_MAX_LENGTH,
  TEMPLATE_BODY_MAX,
  TEMPLATE_SUBJECT_MAX,
  TEMPLATE_TITLE_MAX,
} from '../constants';
import { VALIDATION } from '../messages';
import { DEFAULT_TEMPLATE_STATUS } from '../order-status';
import { idField, mailText, optionalText, requiredText } from './fields';
import { orderStatusSchema } from './order';

export const emailTemplateSchema = z.object({
  id: idField,
  title: z.string(),
  subject: z.string(),
  body: z.string(),
  status: orderStatusSchema,
  isdefault: z.boolean(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

const templateFields = {
  // requiredText enforces the minimum of 1 (TEMPLATE_TITLE_MIN, TEMPLATE_SUBJECT_MIN).
  title: requiredText(VALIDATION.templateTitleRequired, TEMPLATE_TITLE_MAX, 'Title'),
  subject: mailText(VALIDATION.templateSubjectRequired, TEMPLATE_SUBJECT_MAX, 'Subject'),
  body: mailText(VALIDATION.templateBodyRequired, TEMPLATE_BODY_MAX, 'Body'),
  status: orderStatusSchema.default(DEFAULT_TEMPLATE_STATUS),
  isdefault: z.boolean().default(false),
};

/** POST /api/email (strict, see account.ts). */
export const emailTemplateInputSchema = z.strictObject(templateFields);
export type EmailTemplateInput = z.infer<typeof emailTemplateInputSchema>;

/** PUT /api/email: the whole template, id included. */
export const emailTemplateUpdateSchema = z.strictObject({ id: idField, ...templateFields });
export type EmailTemplateUpdate = z.infer<typeof emailTemplateUpdateSchema>;

// Not strict: SPEC.md sends the whole template as the DELETE body; only its id matters.
export const emailTemplateDeleteSchema = z.object({ id: idField });
export type EmailTemplateDelete = z.infer<typeof emailTemplateDeleteSchema>;

/** PUT /api/email/admin/email: set an order's status and queue its status mail. */
export const statusMailSchema = z.strictObject({
  orderid: requiredText(VALIDATION.orderIdRequired, GATEWAY_ID_MAX_LENGTH, 'Order id'),
  status: orderStatusSchema,
});
export type StatusMailInput = z.infer<typeof statusMailSchema>;

/** Preview a template, filled from an order when one is named, else from sample values. */
export const templatePreviewSchema = z.strictObject({
  subject: optionalText(TEMPLATE_SUBJECT_MAX, 'Subject'),
  body: optionalText(TEMPLATE_BODY_MAX, 'Body'),
  orderid: optionalText(GATEWAY_ID_MAX_LENGTH, 'Order id').optional(),
});
export type TemplatePreviewInput = z.infer<typeof templatePreviewSchema>;

export const templatePreviewAnswerSchema = z.object({ subject: z.string(), body: z.string() });
export type TemplatePreviewAnswer = z.infer<typeof templatePreviewAnswerSchema>;

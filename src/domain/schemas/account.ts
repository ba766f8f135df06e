// Account wire shapes (DESIGN.md §3) and the forms that produce them.
//
// Request schemas across src/domain/schemas are strict: a write with a field we do not know is
// rejected (400) rather than silently dropped, so a typo'd field name fails loudly. Exceptions
// are marked where they occur.
import { z } from 'zod';
import { PASSWORD_MAX, RESET_TOKEN_MAX_LENGTH, ROLE_VALUES } from '../constants';
import { VALIDATION } from '../messages';
import {
  addressField,
  businessNameField,
  districtField,
  emailField,
  gstinField,
  loginPasswordField,
  mobileField,
  nameField,
  passwordField,
  pincodeField,
  requireBusinessName,
  refinePasswordAgainstEmail,
  stateField,
} from './fields';

// Not strict on purpose: a smuggled `roles` (or any other extra) in a register body is dropped,
// never stored and never an error.
export const registerSchema = z
  .object({
    username: nameField,
    emailaddress: emailField,
    mobilenumber: mobileField,
    password: passwordField,
  })
  .superRefine((body, ctx) => refinePasswordAgainstEmail({ password: body.password, email: body.emailaddress }, ctx));
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.strictObject({
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean().optional(),
  /** The token of a mailed sign-in link: it lets the owner in while wrong passwords from elsewhere lock the account. */
  unlock: z.string().max(200).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Billing form: every field required (SPEC.md §5). */
export const billingFormSchema = z.object({
  name: nameField,
  email: emailField,
  mobilenumber: mobileField,
  pincode: pincodeField,
  address: addressField,
  state: stateField,
  district: districtField,
});
export type BillingForm = z.infer<typeof billingFormSchema>;

/**
 * The billing page: the address, and optionally a business buyer's GSTIN and name for a B2B invoice (DESIGN.md
 * §8.2). Those two go with the order, never with the on-the-fly registration.
 */
export const billingPageSchema = billingFormSchema
  .extend({
    businessInvoice: z.boolean(),
    gstin: gstinField,
    businessName: businessNameField,
  })
  .superRefine((v, ctx) => {
    if (!v.businessInvoice) return;
    if (!v.gstin) ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'Enter your GSTIN, or untick "Add GSTIN for a business invoice"' });
    else requireBusinessName(v, ctx);
  });
export type BillingPageForm = z.infer<typeof billingPageSchema>;

/** Registration on the fly at billing: the billing form as sent. */
export const guestRegisterSchema = z.strictObject(billingFormSchema.shape);
export type GuestRegisterInput = z.infer<typeof guestRegisterSchema>;

export const resetRequestSchema = z.strictObject({ email: emailField });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** A returning guest asks for a six-digit code mailed to the address, instead of a password they never chose. */
export const emailCodeRequestSchema = z.strictObject({ email: emailField });
export type EmailCodeRequestInput = z.infer<typeof emailCodeRequestSchema>;
export const emailCodeAnswerSchema = z.object({ challenge: z.string(), message: z.string() });
export type EmailCodeAnswer = z.infer<typeof emailCodeAnswerSchema>;
export const emailCodeVerifySchema = z.strictObject({
  email: emailField,
  /** What the request for the code answered; the page keeps it until the code is typed. */
  challenge: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Type the 6 digits from the mail.'),
});
export type EmailCodeVerifyInput = z.infer<typeof emailCodeVerifySchema>;

export const resetNewPasswordSchema = z
  .strictObject({
    email: emailField,
    token: z
      .string({ error: VALIDATION.resetTokenRequired })
      .trim()
      .min(1, { error: VALIDATION.resetTokenRequired })
      .max(RESET_TOKEN_MAX_LENGTH, { error: VALIDATION.resetTokenRequired }),
    password: passwordField,
  })
  .superRefine(refinePasswordAgainstEmail);
export type ResetNewPasswordInput = z.infer<typeof resetNewPasswordSchema>;

export const profileSchema = z.strictObject({
  username: nameField,
  emailaddress: emailField,
  address: addressField,
  pincode: pincodeField,
  state: stateField,
  mobilenumber: mobileField,
  district: districtField,
  /** Needed only when `emailaddress` differs from the account's (DESIGN.md §7.6); checked, never stored. */
  currentpassword: loginPasswordField.optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

// The form sends the current password only when the e-mail changes; left empty it is simply not sent.
export const profileFormSchema = z.object({ ...profileSchema.shape, currentpassword: z.string().max(PASSWORD_MAX).optional() });
export type ProfileForm = z.infer<typeof profileFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z.object({ password: passwordField });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const adminAccessSchema = z.strictObject({
  emailaddress: emailField,
  revoke: z.boolean(),
});
export type AdminAccessInput = z.infer<typeof adminAccessSchema>;

// Answers. Profile fields may be empty: a fresh registration has no address yet. Never a password.
export const roleSchema = z.enum(ROLE_VALUES);

export const publicUserSchema = z.object({
  username: z.string(),
  emailaddress: z.string(),
  mobilenumber: z.string(),
  address: z.string(),
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  roles: z.array(roleSchema),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authAnswerSchema = z.object({
  token: z.string().min(1),
  user: publicUserSchema,
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** `pendingEmail`: the new address was sent a confirmation link; the account keeps its address until it is opened. */
export const profileAnswerSchema = z.object({ user: publicUserSchema, pendingEmail: z.string().optional() });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

export const confirmEmailSchema = z.strictObject({
  token: z
    .string({ error: VALIDATION.emailChangeLinkInvalid })
    .trim()
    .min(1, { error: VALIDATION.emailChangeLinkInvalid })
    .max(RESET_TOKEN_MAX_LENGTH, { error: VALIDATION.emailChangeLinkInvalid }),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;
export const confirmEmailAnswerSchema = z.object({ emailaddress: z.string(), message: z.string() });
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;

/** GET /api/account/sessions: the account's signed-in devices that can still be used, most recent first. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system read from the user agent, such as "Chrome 131 on Android (mobile)". */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** POST /api/settings/adminaccess answers a message string to show as a toast. */
export const adminAccessAnswerSchema = z.string();

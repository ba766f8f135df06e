// The admin's view of the mail outbox (DESIGN.md §6) and the answer of the status mail call.
import { z } from 'zod';

/** 'sending' rows are shown as pending: to the admin they are simply not delivered yet. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_LIST_DEFAULT = 50;
/** The dashboard's page of mails: short enough to read on a phone without scrolling for ever. */
export const OUTBOX_PAGE_SIZE = 20;
const OFFSET_MAX = 10_000_000;
export const OUTBOX_LIST_MAX = 200;
// Row ids are 32-bit integers on PostgreSQL; a larger number can name no row.
const ROW_ID_MAX = 2_147_483_647;

const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// Not strict: it is a read, and caches or tools may append query parameters of their own.
export const outboxQuerySchema = z.object({
  status: z.preprocess(blankAsMissing, z.enum(OUTBOX_STATUSES).optional()),
  limit: z.coerce.number().int().min(1).max(OUTBOX_LIST_MAX).default(OUTBOX_LIST_DEFAULT),
  offset: z.coerce.number().int().min(0).max(OFFSET_MAX).default(0),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ROW_ID_MAX),
});

export const outboxMailSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * GET /api/email/outbox/health: whether mail is failing to go out now (mails waiting for another try after a failed
 * one), since when, the newest error, and the mails given up in the last week; the dashboard's banner reads it.
 */
export const mailHealthSchema = z.object({
  failing: z.boolean(),
  retrying: z.number().int(),
  retryingSince: z.string().nullable(),
  lastError: z.string().nullable(),
  failedThisWeek: z.number().int(),
  retryEveryMinutes: z.number(),
  giveUpAfterHours: z.number(),
});
export type MailHealth = z.infer<typeof mailHealthSchema>;

/**
 * PUT /api/email/admin/email answers at once; `queued` is 0, 1 or 2 mails, `mailIds` their outbox ids, so the
 * dashboard can say when they are delivered (GET /api/email/outbox/{id}).
 */
export const statusMailAnswerSchema = z.object({ message: z.string(), queued: z.number().int(), mailIds: z.array(z.number().int()) });
export type StatusMailAnswer = z.infer<typeof statusMailAnswerSchema>;

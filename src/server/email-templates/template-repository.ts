import type { EmailTemplate, EmailTemplateInput } from '../../domain/schemas/email-template';
import type { OrderStatus } from '../../domain/order-status';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { EmailTemplateRow } from '../db/schema';

function toTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    body: row.body,
    status: row.status,
    isdefault: row.isdefault === 1,
  };
}

export async function listTemplates(executor: Executor): Promise<EmailTemplate[]> {
  const rows = await executor.selectFrom('email_templates').selectAll().orderBy('id').execute();
  return rows.map(toTemplate);
}

// Row ids are 32-bit on PostgreSQL: a larger number names no row, and asking would be a database error.
const ROW_ID_MAX = 2_147_483_647;

export async function findTemplate(executor: Executor, id: number): Promise<EmailTemplate | null> {
  if (id > ROW_ID_MAX) return null;
  const row = await executor.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/** The template that holds this status and isdefault pair, other than `exceptId`. */
export async function findTemplateWithSlot(
  executor: Executor,
  slot: { status: OrderStatus; isdefault: boolean },
  exceptId?: number,
): Promise<EmailTemplate | null> {
  let query = executor
    .selectFrom('email_templates')
    .selectAll()
    .where('status', '=', slot.status)
    .where('isdefault', '=', slot.isdefault ? 1 : 0);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const row = await query.executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export async function insertTemplate(executor: Executor, input: EmailTemplateInput): Promise<EmailTemplate> {
  const now = nowIso();
  const row = await executor
    .insertInto('email_templates')
    .values({ ...fields(input), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTemplate(row);
}

export async function updateTemplate(executor: Executor, template: EmailTemplate): Promise<EmailTemplate | null> {
  const row = await executor
    .updateTable('email_templates')
    .set({ ...fields(template), updated_at: nowIso() })
    .where('id', '=', template.id)
    .returningAll()
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/** Deletes only a template that is not a default; answers how many rows went (0 or 1). */
export async function deleteNonDefaultTemplate(executor: Executor, id: number): Promise<number> {
  const result = await executor
    .deleteFrom('email_templates')
    .where('id', '=', id)
    .where('isdefault', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function fields(input: EmailTemplateInput) {
  return {
    title: input.title,
    subject: input.subject,
    body: input.body,
    status: input.status,
    isdefault: input.isdefault ? 1 : 0,
  };
}

/** A unique index said no: SQLite and PostgreSQL word it differently. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

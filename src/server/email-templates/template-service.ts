import { SCREENS } from '../../domain/messages';
import type { EmailTemplate, EmailTemplateInput } from '../../domain/schemas/email-template';
import type { DB } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import {
  deleteNonDefaultTemplate,
  findTemplate,
  findTemplateWithSlot,
  insertTemplate,
  isUniqueViolation,
  listTemplates,
  updateTemplate,
} from './template-repository';

// SPEC.md §5: one template per status and isdefault pair. The wording is the spec's, for add and update alike.
const duplicate = () => new HttpError(409, 'TEMPLATE_DUPLICATE', SCREENS.templateDuplicate);

const missing = (id: number) =>
  notFound(`There is no e-mail template with id ${id}; it may have been deleted. Reload the list and try again.`);

// The screen answers this with its 'Deleting a Default' modal; the message says what to do instead.
const isDefault = () =>
  new HttpError(
    409,
    'TEMPLATE_IS_DEFAULT',
    'This template is the default for its status, so it cannot be deleted. Save it as not default first, then delete it.',
  );

/** The unique index catches what the check cannot: two requests taking the same slot at the same moment. */
async function guardSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export function templates(db: DB): Promise<EmailTemplate[]> {
  return listTemplates(db);
}

export async function addTemplate(db: DB, input: EmailTemplateInput): Promise<EmailTemplate> {
  if (await findTemplateWithSlot(db, input)) throw duplicate();
  return guardSlot(() => insertTemplate(db, input));
}

export async function changeTemplate(db: DB, template: EmailTemplate): Promise<EmailTemplate> {
  if (!(await findTemplate(db, template.id))) throw missing(template.id);
  if (await findTemplateWithSlot(db, template, template.id)) throw duplicate();
  const saved = await guardSlot(() => updateTemplate(db, template));
  if (!saved) throw missing(template.id);
  return saved;
}

export async function removeTemplate(db: DB, id: number): Promise<void> {
  const template = await findTemplate(db, id);
  if (!template) throw missing(id);
  if (template.isdefault) throw isDefault();
  // The delete itself re-checks isdefault, so a template made default a moment ago is never removed.
  if ((await deleteNonDefaultTemplate(db, id)) === 0) {
    const now = await findTemplate(db, id);
    throw now ? isDefault() : missing(id);
  }
}

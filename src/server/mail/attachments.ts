// Files attached to a mail. The outbox row names what to attach (a reference) rather than holding the bytes: the
// worker makes each file when it sends, through a resolver the app gives it, so mail stays ignorant of invoices.

/** What to attach, as stored in `mail_outbox.attachments`. */
export interface AttachmentRef {
  kind: 'invoice';
  /** The invoice's number, e.g. GS/26-27/000042. */
  number: string;
}

/** A file ready for MIME. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export type AttachmentResolver = (ref: AttachmentRef) => Promise<MailAttachment>;

export function attachmentsColumn(refs: readonly AttachmentRef[] | undefined): string | null {
  return refs && refs.length > 0 ? JSON.stringify(refs) : null;
}

export function parseAttachmentRefs(column: string | null | undefined): AttachmentRef[] {
  if (!column) return [];
  const parsed: unknown = JSON.parse(column);
  return Array.isArray(parsed) ? (parsed as AttachmentRef[]) : [];
}

/** The files a row names; a row naming files that cannot be made fails like a refused send, and is retried. */
export async function resolveAttachments(column: string | null | undefined, resolver: AttachmentResolver | undefined): Promise<MailAttachment[]> {
  const refs = parseAttachmentRefs(column);
  if (refs.length === 0) return [];
  if (!resolver) throw new Error('This mail names attachments, but this worker was started without a way to make them.');
  return Promise.all(refs.map(resolver));
}

// Reads the mails the e2e server wrote as .eml files under E2E_DATA_DIR/mail.
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { readMailbox, type ParsedMail } from '../../tests/support/mailbox';

export type { ParsedMail };

export function mailbox(): ParsedMail[] {
  return readMailbox(E2E_DATA_DIR);
}

/**
 * Waits until a mail matching `match` has been written. The worker polls every 200 ms in e2e, but while the shop is
 * busy (a loaded CI machine) it puts mail off for up to MAIL_MAX_DEFER_MS (30 s), so the wait outlasts that.
 */
export async function waitForMail(
  match: (mail: ParsedMail) => boolean,
  options: { timeout?: number; description?: string } = {},
): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailbox().find(match);
        return !!found;
      },
      { timeout: options.timeout ?? 35_000, message: `no mail ${options.description ?? 'matching'} arrived` },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The newest mail sent to `to` (case-insensitive) whose subject or text matches `pattern`, if any. */
export function waitForMailTo(to: string, pattern: RegExp, timeout?: number): Promise<ParsedMail> {
  const address = to.toLowerCase();
  return waitForMail(
    (mail) => mail.to.toLowerCase().includes(address) && (pattern.test(mail.subject) || pattern.test(mail.text)),
    { timeout, description: `to ${to} matching ${pattern}` },
  );
}

/** The first link in the mail (text part, else HTML) that contains `fragment`, with HTML entities decoded. */
export function linkInMail(mail: ParsedMail, fragment: string): string {
  const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) =>
    m[0].replace(/&amp;/g, '&'),
  );
  const link = links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in mail "${mail.subject}" to ${mail.to}`);
  return link;
}

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestShop, describeEachDatabase, type TestShop } from '../../../tests/support/test-shop';
import { readMailbox } from '../../../tests/support/mailbox';
import { createFileTransport } from './file-transport';
import type { MailMessage } from './mime';
import { deliverOneMailTwice, outboxMessageIdPattern } from './outbox-test-support';

const message = (id: number, to = `c${id}@example.in`): MailMessage => ({
  id,
  messageId: `<outbox.${id}.test@gheeshop.test>`,
  from: 'Ghee Shop <orders@gheeshop.test>',
  to,
  subject: `Mail ${id}`,
  text: `Body ${id}`,
  html: `<p>Body ${id}</p>`,
});

describe('file transport', () => {
  let dataDir: string;
  let dir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-file-mail-'));
    dir = path.join(dataDir, 'mail');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const eml = () => readdirSync(dir).filter((name) => name.endsWith('.eml'));

  it('makes the folder on first use and writes one .eml file per mail, in the order sent', async () => {
    const transport = createFileTransport({ dir, maxFiles: 100 });
    expect(existsSync(dir)).toBe(false);
    for (const id of [8, 9, 10, 11]) await transport.send(message(id));
    const mails = readMailbox(dataDir);
    // Names sort oldest first even when several mails share a millisecond (ids 9 and 10 differ in length).
    expect(mails.map((m) => m.subject)).toEqual(['Mail 8', 'Mail 9', 'Mail 10', 'Mail 11']);
    expect(mails[0]).toMatchObject({ to: 'c8@example.in', from: 'Ghee Shop <orders@gheeshop.test>', text: 'Body 8', html: '<p>Body 8</p>' });
  });

  it('keeps the newest MAIL_FILES_MAX files, removing the oldest as new ones are written', async () => {
    const transport = createFileTransport({ dir, maxFiles: 10 });
    for (let id = 1; id <= 25; id += 1) await transport.send(message(id));
    expect(eml()).toHaveLength(10);
    expect(readMailbox(dataDir).map((m) => m.subject)).toEqual(Array.from({ length: 10 }, (_, i) => `Mail ${16 + i}`));
  });

  it('counts the files an earlier run left, and empties an over-full folder a few files per mail', async () => {
    mkdirSync(dir);
    for (let i = 0; i < 30; i += 1) writeFileSync(path.join(dir, `2020-01-01T00-00-00-000Z-${String(i).padStart(12, '0')}-old@example.in.eml`), 'old');
    writeFileSync(path.join(dir, 'notes.txt'), 'not a mail');
    const transport = createFileTransport({ dir, maxFiles: 10 });
    await transport.send(message(100));
    // 31 files, 10 allowed: each new mail removes up to four of the oldest, so the excess shrinks without a stall.
    expect(eml()).toHaveLength(27);
    for (let id = 101; id <= 110; id += 1) await transport.send(message(id));
    expect(eml()).toHaveLength(10);
    expect(eml().some((name) => name.startsWith('2020-'))).toBe(false);
    expect(existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });

  it('makes the folder again when someone removed it while the shop runs', async () => {
    const transport = createFileTransport({ dir, maxFiles: 10 });
    await transport.send(message(1));
    rmSync(dir, { recursive: true });
    await transport.send(message(2));
    expect(readMailbox(dataDir).map((m) => m.subject)).toEqual(['Mail 2']);
  });
});

describeEachDatabase('outbox through the file transport', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(dialect, { env: { MAIL_FROM: 'Ghee Shop <orders@gheeshop.test>' } });
  });
  afterAll(async () => shop.close());

  it('a mail delivered twice (its sender died before recording it) carries the same Message-ID both times', async () => {
    const { twice, once } = await deliverOneMailTwice(shop);
    const copies = readMailbox(shop.dataDir).filter((m) => m.subject === 'Twice');
    expect(copies).toHaveLength(2);
    expect(copies[0]?.messageId).toMatch(outboxMessageIdPattern(twice));
    expect(copies[1]?.messageId).toBe(copies[0]?.messageId);
    expect(readMailbox(shop.dataDir).find((m) => m.subject === 'Once')).toMatchObject({ messageId: expect.stringMatching(outboxMessageIdPattern(once)), text: 'Namaste' });
  });
});

import { describe, expect, it } from 'vitest';
import { parseEml } from '../../../tests/support/mailbox';
import { createMimeBuilder, outboxMessageId, parseSender, quotedPrintable, type MailMessage } from './mime';

const sender = parseSender('Ghee Shop <orders@gheeshop.test>');
const mail = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  id: 42,
  messageId: outboxMessageId(42, '2026-11-23T10:00:00.000Z', sender.domain),
  from: 'Ghee Shop <orders@gheeshop.test>',
  to: 'asha@example.in',
  subject: 'Your order ABC123 is placed',
  text: 'Namaste Asha,\n\nThank you.\nClassic Cow Ghee - 500 ml x 1 - Rs. 550',
  html: '<p style="margin:0">Namaste Asha,</p><p>Thank you.<br>Classic Cow Ghee</p>',
  ...overrides,
});

describe('MIME messages', () => {
  it('reads back as written: sender, recipient, subject, text and HTML parts', () => {
    const raw = createMimeBuilder(sender).build(mail()).toString('utf8');
    expect(parseEml(raw)).toEqual({
      from: 'Ghee Shop <orders@gheeshop.test>',
      to: 'asha@example.in',
      subject: 'Your order ABC123 is placed',
      messageId: mail().messageId,
      text: 'Namaste Asha,\n\nThank you.\nClassic Cow Ghee - 500 ml x 1 - Rs. 550',
      html: '<p style="margin:0">Namaste Asha,</p><p>Thank you.<br>Classic Cow Ghee</p>',
      attachments: [],
    });
    expect(raw).toMatch(/^X-Outbox-Id: 42\r$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    expect(raw).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\r$/m);
  });

  it('sends files after the text and HTML as multipart/mixed, each named and base64-encoded on short lines', () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n'), Buffer.alloc(3000, 0xe2)]);
    const attachments = [{ filename: 'GS-26-27-000042.pdf', contentType: 'application/pdf', content: pdf }];
    const raw = createMimeBuilder(sender).build(mail({ attachments })).toString('utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/mixed;\r$/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=GS-26-27-000042\.pdf\r$/m);
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    const parsed = parseEml(raw);
    expect(parsed).toMatchObject({ text: mail().text, html: mail().html });
    expect(parsed.attachments).toEqual([{ filename: 'GS-26-27-000042.pdf', contentType: 'application/pdf', content: pdf }]);
    // The same content without files is still plain multipart/alternative.
    expect(createMimeBuilder(sender).build(mail()).toString('utf8')).not.toContain('multipart/mixed');
  });

  it('keeps to the wire format: CRLF line ends, no line over 78 characters, 7-bit only', () => {
    const long = Array.from({ length: 60 }, () => 'Ghee').join(' ');
    const raw = createMimeBuilder(sender).build(mail({ subject: `Namaste ${long}`, text: long, html: `<p>${long}</p>` })).toString('utf8');
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    // eslint-disable-next-line no-control-regex
    expect(raw).toMatch(/^[\x00-\x7f]*$/);
    expect(parseEml(raw)).toMatchObject({ subject: `Namaste ${long}`, text: long, html: `<p>${long}</p>` });
  });

  it('carries names and text in any script (encoded words, quoted-printable or base64)', () => {
    const hindi = 'नमस्ते आशा, आपका ऑर्डर मिल गया है।';
    const builder = createMimeBuilder(parseSender('घी दुकान <orders@gheeshop.test>'));
    const raw = builder.build(mail({ subject: `ऑर्डर ABC123 ✓`, text: hindi, html: `<p>${hindi}</p>` })).toString('utf8');
    expect(raw).toMatch(/^Content-Transfer-Encoding: base64\r$/m);
    expect(parseEml(raw)).toMatchObject({ from: 'घी दुकान <orders@gheeshop.test>', subject: 'ऑर्डर ABC123 ✓', text: hindi, html: `<p>${hindi}</p>` });
    const mostlyLatin = builder.build(mail({ text: 'Namaste Aśha, your ghee ships today.' })).toString('utf8');
    expect(mostlyLatin).toMatch(/^Content-Transfer-Encoding: quoted-printable\r$/m);
    expect(parseEml(mostlyLatin).text).toBe('Namaste Aśha, your ghee ships today.');
  });

  it('a text-only mail is a single part', () => {
    const raw = createMimeBuilder(sender).build(mail({ html: null })).toString('utf8');
    expect(raw).not.toContain('multipart');
    expect(parseEml(raw)).toMatchObject({ text: mail().text, html: '' });
  });

  it('line breaks in a subject or an address cannot add headers', () => {
    const raw = createMimeBuilder(sender)
      .build(mail({ subject: 'Hello\r\nBcc: victim@example.in', to: 'asha@example.in\r\nBcc: victim@example.in' }))
      .toString('utf8');
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(parseEml(raw).subject).toBe('Hello Bcc: victim@example.in');
  });

  it('the copies of one content differ only in their envelope headers', () => {
    const builder = createMimeBuilder(sender);
    const customer = builder.build(mail({ id: 1, to: 'asha@example.in', messageId: '<a@gheeshop.test>' })).toString('utf8');
    const shop = builder.build(mail({ id: 2, to: 'shop@gheeshop.test', messageId: '<b@gheeshop.test>' })).toString('utf8');
    const body = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n'));
    expect(body(shop)).toBe(body(customer));
    expect(parseEml(shop)).toMatchObject({ to: 'shop@gheeshop.test', messageId: '<b@gheeshop.test>', text: mail().text });
    const changed = builder.build(mail({ id: 3, text: 'Another text' })).toString('utf8');
    expect(parseEml(changed).text).toBe('Another text');
  });

  it('a Message-ID depends only on the row: its id, when it was queued, and the sender domain', () => {
    expect(outboxMessageId(7, '2026-11-23T10:00:00.000Z', 'gheeshop.test')).toBe(outboxMessageId(7, '2026-11-23T10:00:00.000Z', 'gheeshop.test'));
    expect(outboxMessageId(7, '2026-11-23T10:00:00.000Z', 'gheeshop.test')).not.toBe(outboxMessageId(8, '2026-11-23T10:00:00.000Z', 'gheeshop.test'));
    expect(outboxMessageId(7, '2026-11-23T10:00:00.000Z', 'gheeshop.test')).not.toBe(outboxMessageId(7, '2026-11-24T10:00:00.000Z', 'gheeshop.test'));
    expect(parseSender('orders@gheeshop.test')).toEqual({ header: 'orders@gheeshop.test', address: 'orders@gheeshop.test', domain: 'gheeshop.test' });
  });
});

describe('quotedPrintable by line', () => {
  /** Quoted-printable read back: soft breaks joined, =XX bytes put back. */
  const decode = (encoded: string) => {
    const joined = encoded.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i += 1) {
      if (joined[i] === '=') {
        bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(joined.charCodeAt(i));
    }
    return Buffer.from(bytes).toString('utf8');
  };
  const lines = [
    'Namaste Asha Verma,',
    '',
    'Thank you for ordering from Ghee Shop. We have received your order GS-1001 (Receipt-268107) and will pack it today.   ',
    `<tr><td style="padding:24px;font-size:16px;line-height:1.5">${'<p style="margin:0 0 14px">Buffalo Ghee - 500 ml x 1 - Rs. 549</p>'.repeat(3)}`,
    'नमस्ते आशा, आपका ऑर्डर GS-1001 मिल गया है। हम इसे आज पैक करेंगे और भेज देंगे, धन्यवाद।',
    '=3D already looks encoded; tabs\tand = signs = stay readable\t',
    'x'.repeat(75),
    'y'.repeat(77),
    `${'é'.repeat(30)} ${'z'.repeat(60)}`,
  ];

  it('reads back as the text, in lines of 76 at most, with the same hard line breaks', () => {
    for (let n = 1; n <= lines.length; n += 1) {
      for (const text of [lines.slice(0, n).join('\r\n'), `${lines.slice(0, n).join('\r\n')}\r\n`, `Open this order\r\n\r\n${lines.slice(0, n).join('\r\n')}`]) {
        const encoded = quotedPrintable(text);
        expect(decode(encoded), text).toBe(text);
        for (const line of encoded.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(76);
        // Whitespace before a line break or at the end is written encoded, so no mail server strips it.
        expect(encoded).not.toMatch(/[ \t](\r\n|$)/);
        // Read from the cache the second time, the same.
        expect(quotedPrintable(text)).toBe(encoded);
      }
    }
  });

  it('encodes a line the same wherever it stands, so the copies of one mail share their lines', () => {
    const customer = lines.join('\r\n');
    const shop = `Open this order in the dashboard\r\n${customer}`;
    expect(quotedPrintable(shop).endsWith(quotedPrintable(customer))).toBe(true);
  });
});

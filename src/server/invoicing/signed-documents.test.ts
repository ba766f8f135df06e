import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { codOrder, orderBody } from '../../../tests/support/test-orders';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { loadDocumentSigner, SigningSetupError } from './pdf-signing';
import { pdfText } from '../../../tests/support/pdf-text';

// A self-signed document-signing certificate made for the test, as a .p12 the way docs/operations.md tells the owner.
const dir = mkdtempSync(path.join(os.tmpdir(), 'ghee-signing-'));
const P12 = path.join(dir, 'signing.p12');
const PASSWORD = 'ghee-test-pass';
function makeCertificate() {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', '/CN=Nandi Dairy Foods Test Signer/O=Nandi Dairy Foods', '-addext', 'keyUsage=critical,digitalSignature,nonRepudiation'], { stdio: 'ignore' });
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', P12, '-passout', `pass:${PASSWORD}`], { stdio: 'ignore' });
}

/** pdfsig's report of the file's signatures. */
function pdfsig(pdf: Buffer): string {
  const file = path.join(dir, `doc-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // pdfsig exits non-zero when it cannot trust the (self-signed) certificate; its report is still on stdout.
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

makeCertificate();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses to start with a wrong password or a missing file, saying which variable is wrong', async () => {
  await expect(loadDocumentSigner({ INVOICE_SIGNING_P12: P12, INVOICE_SIGNING_PASSWORD: 'wrong' })).rejects.toThrow(SigningSetupError);
  await expect(loadDocumentSigner({ INVOICE_SIGNING_P12: path.join(dir, 'none.p12'), INVOICE_SIGNING_PASSWORD: PASSWORD })).rejects.toThrow(/INVOICE_SIGNING_P12/);
  expect(await loadDocumentSigner({})).toBeNull();
});

describeEachDatabase('signed invoices and credit notes', (dialect) => {
  const set = useTestShop(dialect, { env: { INVOICE_SIGNING_P12: P12, INVOICE_SIGNING_PASSWORD: PASSWORD }, customer: { username: 'Asha Verma' } });
  beforeAll(async () => {
    const business = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS });
    expect(business.statusCode, business.body).toBe(200);
  });

  it('signs the invoice so that pdfsig reports the signature valid, and reprints the same bytes', async () => {
    const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const orderid = placed.json().orderid as string;
    await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'READY' } });
    const first = await set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers: set.customer.auth });
    expect(first.statusCode).toBe(200);
    const report = pdfsig(first.rawPayload);
    expect(report).toContain('Signature #1');
    expect(report).toContain('Signer Certificate Common Name: Nandi Dairy Foods Test Signer');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(pdfText(first.rawPayload)).toContain('It carries a digital signature');
    // The admin's copy and a later print are the stored file, byte for byte.
    const again = await set.shop.app.inject({ url: `/api/order/${orderid}/invoice.pdf`, headers: set.admin.auth });
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
  });

  it('signs a credit note too; a tampered copy no longer verifies', async () => {
    const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const orderid = placed.json().orderid as string;
    await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'READY' } });
    const { issueCreditNote } = await import('./invoice-service');
    const note = await issueCreditNote(set.shop.app.ctx.db, { orderid }, 500, 'One jar arrived dented');
    const pdf = await set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${note.number.replace(/\//g, '-')}.pdf`, headers: set.customer.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdfsig(pdf.rawPayload)).toContain('Signature Validation: Signature is Valid.');
    // The document's title in its info dictionary lies inside the signed bytes.
    const tampered = Buffer.from(pdf.rawPayload);
    const at = tampered.indexOf(`CREDIT NOTE ${note.number}`);
    expect(at).toBeGreaterThan(0);
    tampered.write('CREDIT NOTF', at);
    const report = pdfsig(tampered);
    expect(report).toContain('Signature #1');
    expect(report).not.toContain('Signature is Valid.');
  });

  it('signs a voided credit note’s VOID print as it signs the rest: the mark lies inside the signed bytes', async () => {
    const placed = await codOrder(set.shop, set.customer, orderBody({ paymentmode: 'CASHONDELIVERY' }));
    const orderid = placed.json().orderid as string;
    await set.shop.app.inject({ method: 'PUT', url: '/api/email/admin/email', headers: set.admin.auth, payload: { orderid, status: 'READY' } });
    const { issueCreditNote, voidCreditNoteOfRefund } = await import('./invoice-service');
    const refundId = `rfnd_signed_${orderid}`;
    const note = await issueCreditNote(set.shop.app.ctx.db, { orderid }, 500, 'One jar arrived dented', { refundId });
    const print = () => set.shop.app.inject({ url: `/api/order/${orderid}/credit-notes/${note.number.replace(/\//g, '-')}.pdf`, headers: set.customer.auth });
    const issued = (await print()).rawPayload;
    expect(await voidCreditNoteOfRefund(set.shop.app.ctx.db, refundId, 'The refund failed at the payment gateway.')).toBe(note.number);

    const voided = (await print()).rawPayload;
    expect(Buffer.compare(voided, issued)).not.toBe(0);
    expect(pdfText(voided)).toContain('This credit note was cancelled on');
    const report = pdfsig(voided);
    expect(report).toContain('Signer Certificate Common Name: Nandi Dairy Foods Test Signer');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    // Taking the mark out of the document's title breaks the signature.
    const tampered = Buffer.from(voided);
    const at = tampered.indexOf('VOID', tampered.indexOf(`CREDIT NOTE ${note.number}`));
    expect(at).toBeGreaterThan(0);
    tampered.write('PAID', at);
    expect(pdfsig(tampered)).not.toContain('Signature is Valid.');
  });
});

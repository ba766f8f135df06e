// The accountant's month (DESIGN.md §8.3): the owner opens Admin → Tax reports, sees this month's totals and where
// GSTR-1 files them, and downloads the GSTR-1 JSON, the sales register and the HSN summary.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { shopTimestamp } from '../src/domain/display';
import { KARNATAKA_BUSINESS } from '../src/server/business/test-business';
import { gstr1Schema } from '../src/server/reports/gstr1-schema';
import { HSN_SUMMARY_HEADER, SALES_REGISTER_HEADER } from '../src/server/reports/registers';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { adminToken, paidSandboxOrder } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 300_000 });

test('the owner downloads this month’s GSTR-1, sales register and HSN summary', async ({ page, request }) => {
  const token = await adminToken(request);
  const business = await request.put('/api/settings/business', { headers: { authorization: `Bearer ${token}` }, data: KARNATAKA_BUSINESS });
  expect(business.status(), await business.text()).toBe(200);
  const customer = await registerCustomer(request, { name: 'Meera Iyer' });
  // Paid online: invoiced at once; a second order is cancelled, so its invoice gets a credit note.
  const { orderid: kept } = await paidSandboxOrder(request, customer);
  const { orderid: cancelled } = await paidSandboxOrder(request, customer);
  const cancel = await request.post(`/api/order/${cancelled}/cancel`, { headers: { authorization: `Bearer ${customer.token}` }, data: { reason: 'Ordered by mistake' } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  const invoiceOf = async (orderid: string) =>
    ((await (await request.get(`/api/order/${orderid}/refunds`, { headers: { authorization: `Bearer ${token}` } })).json()) as { invoiceNumber: string }).invoiceNumber;
  const keptInvoice = await invoiceOf(kept);
  const noteNumber = ((await cancel.json()) as { creditNotes: { number: string }[] }).creditNotes[0]?.number ?? '';

  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=reports');
  const panel = page.getByRole('tabpanel', { name: 'Tax reports' });
  const month = shopTimestamp().slice(0, 7);
  await expect(panel.getByLabel('Report month', { exact: true })).toHaveValue(month);
  await expect(panel.getByRole('heading', { name: /^Totals from / })).toBeVisible();
  await expect(panel.getByText(`What goes where in GSTR-1 (GSTIN ${KARNATAKA_BUSINESS.gstin})`)).toBeVisible();
  await expect(panel.getByRole('row', { name: /^Credit notes [1-9]/ })).toBeVisible();
  await expect(panel.getByRole('cell', { name: /^−Rs\. [1-9]/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'admin tax reports' });
  await screenshotAtWidths(page, 'admin-tax-reports');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A month not started yet is not offered, and one typed in falls back to this month: it has no return.
  const picker = panel.getByLabel('Report month', { exact: true });
  await expect(picker).toHaveAttribute('max', month);
  await picker.fill('2099-01');
  await expect(picker).toHaveValue(month);
  await expect(panel.getByRole('heading', { name: new RegExp(`^Totals from ${month}-01 to `) })).toBeVisible();

  async function download(button: string): Promise<{ name: string; text: string }> {
    const [file] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: button }).click()]);
    const where = await file.path();
    return { name: file.suggestedFilename(), text: readFileSync(where, 'utf8') };
  }
  const period = `${month.slice(5, 7)}${month.slice(0, 4)}`;
  const gstr1 = await download('GSTR-1 (JSON)');
  expect(gstr1.name).toBe(`GSTR1-${period}.json`);
  const json = gstr1Schema.parse(JSON.parse(gstr1.text));
  expect(json).toMatchObject({ gstin: KARNATAKA_BUSINESS.gstin, fp: period });
  // A B2C invoice is summed into b2cs without its number; the invoice series in doc_issue must cover it.
  const serial = (number: string) => Number(number.split('/').pop());
  const invoices = json.doc_issue.doc_det.find((detail) => detail.doc_num === 1)?.docs[0];
  expect(invoices, gstr1.text).toBeDefined();
  expect(serial(keptInvoice)).toBeGreaterThanOrEqual(serial(invoices?.from ?? ''));
  expect(serial(keptInvoice)).toBeLessThanOrEqual(serial(invoices?.to ?? ''));
  expect(json.b2cs.length + json.b2cl.length, gstr1.text).toBeGreaterThan(0);

  const register = await download('Sales register (CSV)');
  expect(register.name).toMatch(/^sales-register-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
  expect(register.text.split('\r\n')[0]).toBe(SALES_REGISTER_HEADER.join(','));
  expect(register.text).toContain(keptInvoice);
  expect(register.text).toContain(noteNumber);

  const hsn = await download('HSN summary (CSV)');
  expect(hsn.name).toBe(`hsn-summary-${period}.csv`);
  expect(hsn.text.split('\r\n')[0]).toBe(HSN_SUMMARY_HEADER.join(','));
  expect(hsn.text).toMatch(/\r\nB2C,\d{4,8},NOS,/);

  // A shop without a GSTIN, in a month without tax documents: the sales register only, and the screen says why.
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.put('/api/settings/business', { headers: auth, data: { ...KARNATAKA_BUSINESS, gstin: '' } })).status()).toBe(200);
  try {
    await panel.getByLabel('Report month', { exact: true }).fill('2025-01');
    await expect(panel.getByRole('heading', { name: 'Totals from 2025-01-01 to 2025-01-31' })).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: 'no GSTIN in its business details' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Sales register (CSV)' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'GSTR-1 (JSON)' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { label: 'admin tax reports without a GSTIN' });
    await screenshotAtWidths(page, 'admin-tax-reports-unregistered');
  } finally {
    await request.put('/api/settings/business', { headers: auth, data: KARNATAKA_BUSINESS });
  }

  // A quarter is chosen the same way.
  await panel.getByText('Quarter', { exact: true }).click();
  await expect(panel.getByLabel('Report quarter', { exact: true })).toBeVisible();
  await expect(panel.getByRole('heading', { name: /^Totals from \d{4}-\d\d-01 to / })).toBeVisible();
});

import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ADMIN, loginThroughUi } from './support/accounts';
import { runTag } from './support/admin-seed';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const tag = runTag();

async function openTemplates(page: Page) {
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin?tab=templates');
  const panel = page.getByRole('tabpanel', { name: 'Email Templates' });
  await expect(panel.getByRole('list', { name: 'Email templates' }).getByRole('listitem').first()).toBeVisible();
  return panel;
}

test('adds, edits and deletes a template, with placeholder chips and a preview', async ({ page }) => {
  const panel = await openTemplates(page);
  const title = `Packed with care ${tag}`;

  await panel.getByRole('button', { name: 'Add Template' }).click();
  await panel.getByLabel('Title').fill(title);
  await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'Ready' });
  await expect(panel.getByLabel('Default for this status')).not.toBeChecked();
  const subject = panel.getByLabel('Subject');
  await subject.fill('Order  is ready');
  // Put the caret between the two spaces and insert the order id there.
  await subject.evaluate((el: HTMLInputElement) => el.setSelectionRange(6, 6));
  await subject.focus();
  await panel.getByRole('button', { name: 'Insert Order ID' }).click();
  await expect(subject).toHaveValue('Order {{orderId}} is ready');

  const body = panel.getByLabel('Body');
  await body.fill('Namaste , your ghee is packed.');
  await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(8, 8));
  await body.focus();
  await panel.getByRole('button', { name: 'Insert Customer name' }).click();
  await expect(body).toHaveValue('Namaste {{customerName}}, your ghee is packed.');

  // The preview is rendered by the server with sample values.
  await expect(panel.getByTestId('preview-subject')).toHaveText('Order SAMPLE0000000 is ready');
  await panel.getByRole('button', { name: 'Plain text' }).click();
  await expect(panel.getByTestId('preview-body')).toHaveText('Namaste Asha Verma, your ghee is packed.');

  await panel.getByRole('button', { name: 'Add Template' }).click();
  await expect(page.getByText('Template added successfully')).toBeVisible();
  const item = panel.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Order {{orderId}} is ready');
  await expect(item).toContainText('Ready');

  // Edit it.
  await item.getByRole('button', { name: `Edit ${title}` }).click();
  await panel.getByLabel('Title').fill(`${title} (edited)`);
  await panel.getByRole('button', { name: 'Update Template' }).click();
  await expect(page.getByText('Email template updated successfully')).toBeVisible();
  const edited = panel.getByRole('listitem').filter({ hasText: `${title} (edited)` });
  await expect(edited).toBeVisible();

  // Delete it (a non-default template asks first).
  await edited.getByRole('button', { name: `Delete ${title} (edited)` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete template' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Email template deleted successfully')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});

test('a second default for a status is refused with the conflict message', async ({ page }) => {
  const panel = await openTemplates(page);
  await panel.getByRole('button', { name: 'Add Template' }).click();
  await panel.getByLabel('Title').fill(`Another ready default ${tag}`);
  await panel.getByLabel('Subject').fill('Ready again');
  await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'Ready' });
  await panel.getByLabel('Default for this status').check();
  // A body is required, and a placeholder no mail can fill is refused with the list of those that work.
  await panel.getByRole('button', { name: 'Add Template' }).click();
  await expect(panel.getByText('Body is required')).toBeVisible();
  await panel.getByLabel('Body').fill('Your order {{orderNo}} is ready.');
  await panel.getByRole('button', { name: 'Add Template' }).click();
  await expect(panel.getByText(/^Unknown placeholder \{\{orderNo\}\}\. Use only these: \{\{customerName\}\}, \{\{orderNumber\}\}, \{\{orderId\}\}/)).toBeVisible();
  await panel.getByLabel('Body').fill('Your order {{orderNumber}} is ready.');
  await panel.getByRole('button', { name: 'Add Template' }).click();
  await expect(panel.getByRole('alert')).toHaveText('A template with the same status and default already exists. Update failed.');
  await expect(page.getByText('Failed to add email template')).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: `Another ready default ${tag}` })).toHaveCount(0);
});

test('deleting a default template shows the Deleting a Default modal with only Close', async ({ page }) => {
  const panel = await openTemplates(page);
  const defaultItem = panel.getByRole('listitem').filter({ hasText: 'Default' }).first();
  const deleteButton = defaultItem.getByRole('button', { name: /^Delete / });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Deleting a Default' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You are deleting a default template of the Email! Are you sure you want to delete?');
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  // Focus stays inside the dialog, and Escape closes it.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await page.getByRole('dialog', { name: 'Deleting a Default' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Nothing was deleted.
  await expect(defaultItem).toBeVisible();
});

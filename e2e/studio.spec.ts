import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, loginThroughUi, registerCustomer } from './support/accounts';
import { runTag } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, SCREEN_WIDTHS, screenshotAtWidths } from './support/screenshots';
import { expectClearOfHeader } from './support/sticky-header';

const SESSION_KEY = 'ghee-shop.session';

/** A bottle-coloured PNG made on the spot (sharp), so the upload is a real picture. */
async function bottlePng(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 224, g: 165, b: 38 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="900"><rect x="330" y="180" width="240" height="560" rx="60" fill="#8a4b08"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

async function openStudio(page: Page) {
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'Product studio', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
}

test('non-admins get the 403 screen in the studio', async ({ page, request }) => {
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
  const customer = await registerCustomer(request);
  const me = await request.post('/api/account/login', { data: { email: customer.email, password: customer.password } });
  const answer = (await me.json()) as { token: string; user: unknown };
  await page.evaluate(
    ([key, value]) => window.sessionStorage.setItem(key, value),
    [SESSION_KEY, JSON.stringify({ token: answer.token, user: answer.user, remember: false })] as const,
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ New product' })).toHaveCount(0);
});

test('an admin creates a product with two sizes, an offer and a photo, and the shop shows it', async ({ page, request }) => {
  const name = `Saffron Ghee ${runTag()}`;
  await openStudio(page);

  await page.getByRole('button', { name: '+ New product' }).click();
  const editor = page.getByRole('region', { name: 'New product' });
  await editor.getByLabel('Name', { exact: true }).fill(name);
  await editor.getByLabel('Description', { exact: true }).fill('Slow-cooked cow ghee infused with Kashmiri saffron, churned by hand in small batches.');
  const sizes = editor.getByRole('group', { name: 'Size 1' });
  await sizes.getByLabel('Size (ml)').fill('250');
  await sizes.getByLabel('Price (Rs.)').fill('400');
  await editor.getByRole('button', { name: '+ Add size' }).click();
  const second = editor.getByRole('group', { name: 'Size 2' });
  await second.getByLabel('Size (ml)').fill('500');
  await second.getByLabel('Price (Rs.)').fill('750');
  await editor.getByLabel('Offer (%)').fill('20');
  // Stars come from published reviews only: the studio has nothing to type them in.
  await expect(editor.getByLabel('Star rating')).toHaveCount(0);
  await expect(editor.getByLabel('Number of ratings')).toHaveCount(0);

  // The live preview shows the card's default size (250 ml) at the offer price, the original struck through.
  const preview = editor.getByRole('figure', { name: 'Live preview of the product card' });
  await expect(preview.getByTestId('preview-price')).toHaveText('Rs. 320');
  await expect(preview.getByTestId('preview-original')).toHaveText('Rs. 400');
  await expect(preview).toContainText('20% off');

  await editor.getByLabel('Add photos').setInputFiles({ name: 'saffron.png', mimeType: 'image/png', buffer: await bottlePng() });
  await expect(editor.getByRole('img', { name: `Photo 1 of ${name}` })).toBeVisible();

  await screenshotAtWidths(page, 'studio-new-product');
  await expectNoSeriousA11yViolations(page, { exclude: ['.Toastify'], label: 'studio editor' });

  await editor.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`${name} was added to the shop`)).toBeVisible();
  await expect(page.getByText('saffron.png was uploaded')).toBeVisible();
  const edit = page.getByRole('region', { name: `Edit ${name}` });
  await expect(edit.getByRole('img', { name: `Photo 1 of ${name}` })).toHaveAttribute('src', /\/media\/[a-f0-9]{32}-thumb\.webp$/);

  // Listed in the studio with its first photo.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item.locator('img')).toHaveAttribute('src', /\/media\/[a-f0-9]{32}-thumb\.webp$/);
  await expect(item).toContainText('250 ml · Rs. 320');
  await expect(item).toContainText('500 ml · Rs. 600');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await screenshotAtWidths(page, 'studio-list');

  // The public API serves it with the card image.
  const listed = ((await (await request.get('/api/public/product')).json()) as { name: string; images: string[]; price: number[]; quantitysize: number[]; offerpercentage: number }[]).find(
    (p) => p.name === name,
  );
  expect(listed).toMatchObject({ price: [400, 750], quantitysize: [250, 500], offerpercentage: 20 });
  expect(listed?.images).toHaveLength(1);
  expect(listed?.images[0]).toMatch(/^\/media\/[a-f0-9]{32}-card\.webp$/);

  // And the products page shows its card: the photo, the offer price and the struck-through original.
  await page.goto('/products');
  await page.reload();
  const card = page.locator('article.product-card').filter({ has: page.getByRole('heading', { name }) });
  // The list renders again once its data arrives, which can replace the card while it is being scrolled to.
  await expect(async () => card.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  const image = card.getByRole('img', { name: `${name}, 250 ml bottle` });
  await expect(image).toHaveAttribute('src', listed?.images[0] ?? 'missing');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
  await expect(card.locator('.price-final')).toHaveText('Rs. 320');
  await expect(card.locator('.price-original')).toContainText('Rs. 400');
});

test('an admin edits, reorders photos, toggles stock and deletes a product after confirming', async ({ page }) => {
  const name = `Buffalo Ghee ${runTag()}`;
  await openStudio(page);
  await page.getByRole('button', { name: '+ New product' }).click();
  const editor = page.getByRole('region', { name: 'New product' });
  await editor.getByLabel('Name', { exact: true }).fill(name);
  await editor.getByRole('group', { name: 'Size 1' }).getByLabel('Price (Rs.)').fill('300');
  await editor.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`${name} was added to the shop`)).toBeVisible();

  const edit = page.getByRole('region', { name: `Edit ${name}` });
  const first = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff7e6' } }).png().toBuffer();
  const second = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#8a4b08' } }).jpeg().toBuffer();
  await edit.getByLabel('Add photos').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: first },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: second },
  ]);
  await expect(page.getByText('second.jpg was uploaded')).toBeVisible();
  const photos = edit.getByRole('list', { name: `Photos of ${name}` }).getByRole('img');
  await expect(photos).toHaveCount(2);
  const firstSrc = await photos.nth(0).getAttribute('src');
  await edit.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expect(page.getByText('The image order was saved')).toBeVisible();
  await expect(photos.nth(1)).toHaveAttribute('src', firstSrc ?? 'missing');
  await edit.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(page.getByText('The image was removed')).toBeVisible();
  await expect(photos).toHaveCount(1);

  // A name already used elsewhere is refused under the field.
  await edit.getByLabel('Name', { exact: true }).fill('a'.repeat(1));
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Product name must be 2 to 100 characters')).toBeVisible();
  await edit.getByLabel('Name', { exact: true }).fill(`${name} Gold`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} Gold was saved`)).toBeVisible();

  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${name} Gold` }) });
  await item.getByRole('switch', { name: `In stock: ${name} Gold` }).click();
  await expect(page.getByText(`${name} Gold is now out of stock`)).toBeVisible();
  await expect(item.getByRole('switch')).not.toBeChecked();

  await item.getByRole('button', { name: `Delete ${name} Gold` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${name} Gold?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: `Delete ${name} Gold` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete product' }).click();
  await expect(page.getByText(`${name} Gold was deleted`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${name} Gold` })).toHaveCount(0);
});

test('the editor a product opens in is brought into view below the sticky header, beside the list and on a phone', async ({ page }) => {
  await openStudio(page);
  const item = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
  const name = await item.getByRole('heading').innerText();
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await item.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('region', { name: `Edit ${name}` });
    await expectClearOfHeader(page, editor.getByRole('heading', { name: `Edit ${name}` }), 'The editor\'s heading');
    await page.screenshot({ path: `.tmp/screenshots/studio-editor-opened-${width}.png` });
    if (width >= 768) {
      // Beside the form, the live preview stays in view as the form scrolls, below the header too.
      await page.evaluate(() => window.scrollBy({ top: 500, behavior: 'instant' }));
      await expectClearOfHeader(page, editor.getByRole('figure', { name: 'Live preview of the product card' }), 'The stuck preview');
      await page.screenshot({ path: `.tmp/screenshots/studio-editor-scrolled-${width}.png` });
    }
    await editor.getByRole('button', { name: 'Close the editor' }).click();
    await expect(editor).toHaveCount(0);
  }
});

test('the sizes editor gives each number room to be read, beside the preview and on a phone', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: '+ New product' }).click();
  const editor = page.getByRole('region', { name: 'New product' });
  const row = editor.getByRole('group', { name: 'Size 1' });
  await row.getByLabel('Size (ml)').fill('1000');
  await row.getByLabel('Price (Rs.)').fill('10000');
  await row.getByLabel('Packed (g)').fill('1060');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const box = (await row.boundingBox())!;
    for (const label of ['Size (ml)', 'Price (Rs.)', 'Packed (g)']) {
      const input = row.getByLabel(label);
      // Five digits and the number spinner, with the padding around them.
      const inputBox = (await input.boundingBox())!;
      expect(inputBox.width, `${label} at ${width}px`).toBeGreaterThanOrEqual(88);
      expect(inputBox.x + inputBox.width, `${label} at ${width}px`).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    const remove = (await row.getByRole('button', { name: 'Remove size 1' }).boundingBox())!;
    expect(remove.x + remove.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await row.screenshot({ path: `.tmp/screenshots/studio-sizes-${width}.png` });
  }
});

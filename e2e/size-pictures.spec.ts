import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { StudioProduct } from '../src/domain/schemas/studio';
import { ADMIN } from './support/accounts';
import { adminToken, runTag, signInWithSession } from './support/admin-seed';
import { expectNoSeriousA11yViolations } from './support/axe';
import { hasHorizontalOverflow, screenshotAtWidths } from './support/screenshots';

// The shared 2-core machine runs several suites at once; a slow minute should not fail a journey.
const expect = baseExpect.configure({ timeout: 20_000 });

// One product of this spec's own, with three sizes and three photos, made through the API and deleted afterwards.
const name = `Size Photo Ghee ${runTag()}`;
let token = '';
let productId = '';
let hashes: string[] = [];

/** A plain square picture of one colour, so each upload is a different photo. */
const photo = (background: string) => sharp({ create: { width: 600, height: 600, channels: 3, background } }).png().toBuffer();

const auth = () => ({ Authorization: `Bearer ${token}` });

async function studioProduct(request: APIRequestContext): Promise<StudioProduct> {
  const res = await request.get(`/api/product/${productId}`, { headers: auth() });
  expect(res.status()).toBe(200);
  return (await res.json()) as StudioProduct;
}

async function openStudio(page: Page, request: APIRequestContext) {
  await signInWithSession(page, request, ADMIN.email, ADMIN.password);
  await page.goto('/studio');
  // The session was written after the app started: a reload makes it read it, as a new tab would.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Product studio', level: 1 })).toBeVisible();
}

async function openEditor(page: Page) {
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const editor = page.getByRole('region', { name: `Edit ${name}` });
  await expect(editor).toBeVisible();
  return editor;
}

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const created = await request.post('/api/product', {
    headers: auth(),
    data: {
      name,
      description: 'Cow ghee in three bottle sizes, each with its own photo.',
      offerpercentage: 0,
      instock: true,
      ratings: 0,
      ratingStar: 5,
      price: [300, 550, 1000],
      quantitysize: [250, 500, 1000],
      quantity: 250,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  productId = ((await created.json()) as StudioProduct)._id;
  for (const [file, colour] of [['small.png', '#f6dfa6'], ['medium.png', '#e0a526'], ['large.png', '#8a4b08']] as const) {
    const res = await request.post(`/api/product/${productId}/images`, {
      headers: auth(),
      multipart: { image: { name: file, mimeType: 'image/png', buffer: await photo(colour) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  hashes = (await studioProduct(request)).gallery.map((g) => g.hash);
  expect(hashes).toHaveLength(3);
});

test.afterAll(async ({ request }) => {
  if (productId) await request.delete(`/api/product/${productId}`, { headers: auth() });
});

test('the studio gives sizes their own photos and the product page switches to them', async ({ page, request }) => {
  await openStudio(page, request);
  const editor = await openEditor(page);
  const picker = editor.getByRole('group', { name: 'Photo for each size' });
  await expect(picker.getByRole('radiogroup')).toHaveCount(3);
  await picker.getByRole('radiogroup', { name: 'Photo for 500 ml' }).getByRole('radio', { name: 'Photo 3' }).check();
  await picker.getByRole('radiogroup', { name: 'Photo for 1000 ml' }).getByRole('radio', { name: 'Photo 2' }).check();
  await expect(picker.getByRole('radiogroup', { name: 'Photo for 250 ml' }).getByRole('radio', { name: 'None' })).toBeChecked();
  await picker.scrollIntoViewIfNeeded();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await screenshotAtWidths(page, 'size-pictures-studio');
  await expectNoSeriousA11yViolations(page, { exclude: ['.Toastify'], label: 'size pictures in the studio' });
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was saved`)).toBeVisible();
  expect((await studioProduct(request)).sizeImageHashes).toEqual([null, hashes[2], hashes[1]]);

  // The product page opens on the default size (250 ml, no photo of its own): the first photo.
  await page.goto(`/product/${encodeURIComponent(name)}`);
  const large = page.getByRole('img', { name: new RegExp(`^${name}, photo \\d of 3$`) });
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(large).toHaveAttribute('src', `/media/${hashes[0]}-gallery.webp`);
  await sizes.getByText('500 ml', { exact: true }).click();
  await expect(large).toHaveAttribute('src', `/media/${hashes[2]}-gallery.webp`);
  await expect(large).toHaveAccessibleName(`${name}, photo 3 of 3`);
  await screenshotAtWidths(page, 'size-pictures-product-page');
  await sizes.getByText('1000 ml', { exact: true }).click();
  await expect(large).toHaveAttribute('src', `/media/${hashes[1]}-gallery.webp`);
  // The thumbnails still work, and picking a size without its own photo goes back to the first.
  await page.getByRole('button', { name: 'Show photo 3 of 3' }).click();
  await expect(large).toHaveAttribute('src', `/media/${hashes[2]}-gallery.webp`);
  await sizes.getByText('250 ml', { exact: true }).click();
  await expect(large).toHaveAttribute('src', `/media/${hashes[0]}-gallery.webp`);

  // The shop profile names no contact on this server: the footer links nobody's pages at all.
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: /Instagram|Whatsapp|Facebook/ })).toHaveCount(0);
});

test('Cancel takes off the photos uploaded while editing; non-pictures are refused when chosen', async ({ page, request }) => {
  await openStudio(page, request);
  const before = await studioProduct(request);
  let editor = await openEditor(page);
  const photos = editor.getByRole('list', { name: `Photos of ${name}` }).getByRole('img');
  await expect(photos).toHaveCount(3);

  // A text file named like a picture never reaches the list, and says why.
  await editor.getByLabel('Add photos').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a photo.\n') });
  await expect(editor.getByRole('alert').filter({ hasText: '"notes.png" is not a picture. Choose a JPEG, PNG or WebP photo.' })).toBeVisible();
  await expect(photos).toHaveCount(3);
  await editor.getByLabel('Add photos').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
  await expect(editor.getByText('"notes.txt" is not a picture. Choose a JPEG, PNG or WebP photo.')).toBeVisible();
  await expect(editor.getByText('"notes.png" is not a picture.', { exact: false })).toHaveCount(0);

  // A real photo goes up at once and can be given to a size, but Cancel takes it off again.
  await editor.getByLabel('Add photos').setInputFiles({ name: 'extra.png', mimeType: 'image/png', buffer: await photo('#5f5246') });
  await expect(page.getByText('extra.png was uploaded')).toBeVisible();
  await expect(photos).toHaveCount(4);
  await expect(editor.getByText('"notes.txt" is not a picture.', { exact: false })).toHaveCount(0);
  await editor.getByRole('radiogroup', { name: 'Photo for 250 ml' }).getByRole('radio', { name: 'Photo 4' }).check();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('The photo added since the last save was removed')).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect.poll(async () => (await studioProduct(request)).gallery.map((g) => g.hash)).toEqual(before.gallery.map((g) => g.hash));
  expect((await studioProduct(request)).sizeImageHashes).toEqual(before.sizeImageHashes);

  // An upload followed by a save stays, and so do the photos the product had.
  editor = await openEditor(page);
  await editor.getByLabel('Add photos').setInputFiles({ name: 'kept.png', mimeType: 'image/png', buffer: await photo('#6b3905') });
  await expect(page.getByText('kept.png was uploaded')).toBeVisible();
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was saved`)).toBeVisible();
  const kept = (await studioProduct(request)).gallery.map((g) => g.hash);
  expect(kept).toHaveLength(4);

  // Leaving for another product without saving takes off what was uploaded since the save, as Cancel does.
  await editor.getByLabel('Add photos').setInputFiles({ name: 'left.png', mimeType: 'image/png', buffer: await photo('#f3e3c3') });
  await expect(page.getByText('left.png was uploaded')).toBeVisible();
  await expect(photos).toHaveCount(5);
  // A new product keeps chosen photos until it is created: a non-picture is refused before it is listed.
  await page.getByRole('button', { name: '+ New product' }).click();
  await expect(editor).toHaveCount(0);
  await expect.poll(async () => (await studioProduct(request)).gallery.map((g) => g.hash)).toEqual(kept);
  const fresh = page.getByRole('region', { name: 'New product' });
  await fresh.getByLabel('Add photos').setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 not a photo') });
  await expect(fresh.getByText('"scan.jpg" is not a picture. Choose a JPEG, PNG or WebP photo.')).toBeVisible();
  await expect(fresh.getByText('No photos yet.')).toBeVisible();
  await expect(fresh.getByRole('group', { name: 'Photo for each size' })).toContainText('Once the product has photos');
  await screenshotAtWidths(page, 'size-pictures-refused');
});

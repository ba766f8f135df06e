import { PRODUCT_IMAGES_MAX } from '../../domain/constants';
import type { ProductInput } from '../../domain/schemas/product';
import type { StudioProduct } from '../../domain/schemas/studio';
import { writeAudit } from '../audit/audit-log';
import type { DB, Dialect, Executor } from '../db/database';
import { conflict, notFound } from '../http/errors';
import { storeUploadedImage, type UploadedFile } from '../media/image-upload';
import {
  deleteProduct,
  findProductRow,
  findStudioProduct,
  insertProduct,
  listStudioProducts,
  nameInUse,
  productImageHashes,
  setProductImages,
  touchProduct,
  updateProduct,
  type ProductFields,
} from './product-repository';
import { saveProductSlug } from './product-slugs';
import { CATALOGUE_MESSAGES, checkSizePictures, isUniqueViolation, nameTaken, productNotFound, tooManyImages } from './product-rules';
import { clearSizePicture, keepSizePicturesOf, setSizePictures } from './size-picture-repository';

export interface CatalogueServiceDeps {
  db: DB;
  dialect: Dialect;
  /** Called after every committed change, so cached product lists are dropped. */
  onChange: () => void;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

// `images` in a product body is not written: pictures are uploaded, removed and reordered through their
// own calls, so a client that sends back the product it read cannot detach pictures by accident.
function fieldsOf(input: ProductInput): ProductFields {
  return {
    name: input.name,
    description: input.description,
    offerpercentage: input.offerpercentage,
    instock: input.instock,
    price: input.price,
    quantitysize: input.quantitysize,
    quantity: input.quantity,
    hsn: input.hsn,
    gstRate: input.gstRate,
    bestBeforeMonths: input.bestBeforeMonths,
    countryOfOrigin: input.countryOfOrigin,
    ingredients: input.ingredients,
    allergens: input.allergens,
    vegMark: input.vegMark,
    nutritionPer100g: input.nutritionPer100g,
    storage: input.storage,
    weightGrams: input.weightGrams,
  };
}

export function createCatalogueService({ db, dialect, onChange }: CatalogueServiceDeps) {
  async function load(executor: Executor, id: number): Promise<StudioProduct> {
    const product = await findStudioProduct(executor, id);
    if (!product) throw productNotFound();
    return product;
  }

  /** Runs a change in one transaction and drops the caches once it has committed. */
  async function change<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction().execute(work);
      onChange();
      return result;
    } catch (error) {
      // Two admins saving the same new name at once: the database's unique index decides.
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async function imagesOf(executor: Executor, id: number): Promise<string[]> {
    if (!(await findProductRow(executor, id))) throw productNotFound();
    return productImageHashes(executor, id);
  }

  /** Each size's own picture, when the body names them (one of the product's photos); left out, they stay. */
  async function saveSizePictures(trx: Executor, id: number, input: ProductInput): Promise<void> {
    if (!input.sizeImageHashes) return keepSizePicturesOf(trx, id, input.quantitysize);
    checkSizePictures(input.sizeImageHashes, await productImageHashes(trx, id));
    await setSizePictures(trx, id, input.quantitysize, input.sizeImageHashes);
  }

  return {
    list: () => listStudioProducts(db),

    get: (id: number) => load(db, id),

    create: (actorId: number, input: ProductInput) =>
      change(async (trx) => {
        if (await nameInUse(trx, input.name)) throw nameTaken();
        const id = await insertProduct(trx, fieldsOf(input));
        await saveSizePictures(trx, id, input);
        await saveProductSlug(trx, dialect, { id, name: input.name });
        await writeAudit(trx, { actorUserId: actorId, action: 'product.create', target: String(id), details: { name: input.name } });
        return load(trx, id);
      }),

    update: (actorId: number, id: number, input: ProductInput) =>
      change(async (trx) => {
        const before = await findProductRow(trx, id);
        if (!before) throw productNotFound();
        if (await nameInUse(trx, input.name, id)) throw nameTaken();
        await updateProduct(trx, id, fieldsOf(input));
        await saveSizePictures(trx, id, input);
        await saveProductSlug(trx, dialect, { id, name: input.name, previous: before });
        await writeAudit(trx, { actorUserId: actorId, action: 'product.update', target: String(id), details: { name: input.name } });
        return load(trx, id);
      }),

    remove: (actorId: number, id: number) =>
      change(async (trx) => {
        const row = await findProductRow(trx, id);
        if (!row) throw productNotFound();
        await deleteProduct(trx, id);
        await writeAudit(trx, { actorUserId: actorId, action: 'product.delete', target: String(id), details: { name: row.name } });
      }),

    async addImages(actorId: number, id: number, files: UploadedFile[]): Promise<StudioProduct> {
      // Checked before the slow decoding, and again inside the transaction where it counts.
      const before = await imagesOf(db, id);
      if (before.length + files.length > PRODUCT_IMAGES_MAX) throw tooManyImages();
      // Decoding and resizing happen outside the transaction so they never hold the database.
      const hashes: string[] = [];
      for (const file of files) hashes.push(await storeUploadedImage(db, file));
      return change(async (trx) => {
        const current = await imagesOf(trx, id);
        const added = [...new Set(hashes)].filter((h) => !current.includes(h));
        if (current.length + added.length > PRODUCT_IMAGES_MAX) throw tooManyImages();
        await setProductImages(trx, id, [...current, ...added]);
        await touchProduct(trx, id);
        await writeAudit(trx, { actorUserId: actorId, action: 'product.images.add', target: String(id), details: { added } });
        return load(trx, id);
      });
    },

    removeImage: (actorId: number, id: number, hash: string) =>
      change(async (trx) => {
        const current = await imagesOf(trx, id);
        if (!current.includes(hash)) throw notFound(CATALOGUE_MESSAGES.imageNotOnProduct);
        // The stored picture stays: its URLs are cached as immutable and another product may show it.
        await setProductImages(trx, id, current.filter((h) => h !== hash));
        await clearSizePicture(trx, id, hash);
        await touchProduct(trx, id);
        await writeAudit(trx, { actorUserId: actorId, action: 'product.images.remove', target: String(id), details: { hash } });
        return load(trx, id);
      }),

    reorderImages: (actorId: number, id: number, order: string[]) =>
      change(async (trx) => {
        const current = await imagesOf(trx, id);
        const same = order.length === current.length && new Set(order).size === order.length && order.every((h) => current.includes(h));
        if (!same) throw conflict(CATALOGUE_MESSAGES.reorderMismatch);
        await setProductImages(trx, id, order);
        await touchProduct(trx, id);
        await writeAudit(trx, { actorUserId: actorId, action: 'product.images.reorder', target: String(id), details: { order } });
        return load(trx, id);
      }),
  };
}

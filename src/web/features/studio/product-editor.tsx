import { useId, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from 'react-toastify';
import { OFFER_MAX, PRODUCT_DESCRIPTION_MAX } from '../../../domain/constants';
import { STUDIO_TOASTS, type StudioProduct } from '../../../domain/schemas/studio';
import { ApiError } from '../../lib/api-client';
import { CardPreview } from './card-preview';
import { ImageManager } from './image-manager';
import { emptyForm, formMessages, formOf, inputOfForm, productFormResolver, type ProductFormValues } from './product-form-values';
import { SizePictures } from './size-pictures';
import { SizesEditor } from './sizes-editor';
import { StockPanel } from './stock-panel';
import { FoodLabelFields } from './food-label-fields';
import { TaxLabelFields } from './tax-label-fields';
import { messageOf } from './studio-errors';
import { useSaveProduct } from './studio-api';
import { useObjectUrls } from './use-object-urls';
import { useUploadImages } from './use-upload-images';
import { useUploadUndo } from './use-upload-undo';

interface ProductEditorProps {
  /** The product being edited, or null for a new one. */
  product: StudioProduct | null;
  onSaved: (product: StudioProduct) => void;
  onClose: () => void;
}

export function ProductEditor({ product, onSaved, onClose }: ProductEditorProps) {
  const id = useId();
  const save = useSaveProduct();
  const uploadAll = useUploadImages();
  const uploads = useUploadUndo(product);
  const [pending, setPending] = useState<File[]>([]);
  const [uploadingPending, setUploadingPending] = useState(false);
  const form = useForm<ProductFormValues>({
    resolver: productFormResolver,
    defaultValues: product ? formOf(product) : emptyForm(),
  });
  const { register, handleSubmit, control, setError, formState } = form;
  const values = useWatch({ control }) as ProductFormValues;
  const { errors } = formState;
  const pendingUrls = useObjectUrls(pending);
  const previewImage = product?.gallery[0]?.card ?? pendingUrls[0];
  const busy = save.isPending || uploadingPending || uploads.undoing;
  const cancel = () => void uploads.cancel(onClose);

  async function uploadPending(created: StudioProduct) {
    setUploadingPending(true);
    await uploadAll(created._id, pending);
    setUploadingPending(false);
  }

  const onSubmit = handleSubmit(async (formValues) => {
    try {
      const saved = await save.mutateAsync({ id: product?._id ?? null, input: inputOfForm(formValues) });
      uploads.saved();
      toast.success(product ? STUDIO_TOASTS.updated(saved.name) : STUDIO_TOASTS.created(saved.name));
      if (!product && pending.length > 0) await uploadPending(saved);
      form.reset(formOf(saved));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(formMessages(error.fields))) {
          // A message about the size list as a whole sits at the list's root, beside the rows.
          const at = (path === 'sizes' ? 'sizes.root' : path) as Path<ProductFormValues>;
          setError(at, { type: 'server', message });
        }
      }
      toast.error(messageOf(error));
    }
  });

  const fieldClass = (invalid: boolean) => `form-control${invalid ? ' is-invalid' : ''}`;
  const errorText = (fieldId: string, message: string | undefined) => (
    <div id={`${fieldId}-error`} className="invalid-feedback d-block small">
      {message}
    </div>
  );

  return (
    <section className="studio-editor card shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
          <h2 id={`${id}-title`} className="h4 m-0">
            {product ? `Edit ${product.name}` : 'New product'}
          </h2>
          <button type="button" className="btn-close" aria-label="Close the editor" onClick={cancel} disabled={busy} />
        </div>
        <div className="row g-4">
          <form className="col-md-7" onSubmit={onSubmit} noValidate aria-describedby={`${id}-title`}>
            <div className="mb-3">
              <label htmlFor={`${id}-name`} className="form-label">
                Name
              </label>
              <input
                id={`${id}-name`}
                className={fieldClass(!!errors.name)}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={`${id}-name-error`}
                autoComplete="off"
                {...register('name')}
              />
              {errorText(`${id}-name`, errors.name?.message)}
            </div>
            <div className="mb-3">
              <label htmlFor={`${id}-description`} className="form-label">
                Description
              </label>
              <textarea
                id={`${id}-description`}
                rows={4}
                maxLength={PRODUCT_DESCRIPTION_MAX + 100}
                className={fieldClass(!!errors.description)}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={`${id}-description-error ${id}-description-count`}
                {...register('description')}
              />
              <div id={`${id}-description-count`} className="form-text">
                {(values.description ?? '').length} / {PRODUCT_DESCRIPTION_MAX} characters; the card shows the first 80.
              </div>
              {errorText(`${id}-description`, errors.description?.message)}
            </div>
            <SizesEditor form={form} offer={Number.isFinite(values.offerpercentage) ? values.offerpercentage : 0} idPrefix={id} />
            <div className="row g-3 mb-3">
              <div className="col-6 col-lg-4">
                <label htmlFor={`${id}-offer`} className="form-label">
                  Offer (%)
                </label>
                <input
                  id={`${id}-offer`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={OFFER_MAX}
                  step={1}
                  className={fieldClass(!!errors.offerpercentage)}
                  aria-invalid={errors.offerpercentage ? true : undefined}
                  aria-describedby={`${id}-offer-error`}
                  {...register('offerpercentage', { valueAsNumber: true })}
                />
                {errorText(`${id}-offer`, errors.offerpercentage?.message)}
              </div>
              <div className="col-12 col-lg-8">
                <p className="form-text mb-0" id={`${id}-ratings-note`}>
                  Stars and the number of ratings come from customers&rsquo; published reviews (Admin &rarr; Reviews); they cannot be typed here.
                </p>
              </div>
              <div className="col-6 col-lg-12 d-flex align-items-center">
                <div className="form-check form-switch">
                  <input id={`${id}-instock`} className="form-check-input" type="checkbox" role="switch" {...register('instock')} />
                  <label htmlFor={`${id}-instock`} className="form-check-label">
                    In stock
                  </label>
                </div>
              </div>
            </div>
            <TaxLabelFields form={form} idPrefix={id} />
            <FoodLabelFields form={form} idPrefix={id} />
            <ImageManager
              product={product}
              pending={pending}
              pendingUrls={pendingUrls}
              onPendingChange={setPending}
              productName={values.name ?? ''}
              onUploaded={uploads.track}
            />
            <SizePictures form={form} gallery={product?.gallery ?? []} idPrefix={id} />
            <div className="d-flex flex-wrap gap-2 mt-4">
              <button type="submit" className="btn btn-amber" disabled={busy}>
                {save.isPending || uploadingPending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={cancel} disabled={busy}>
                Cancel
              </button>
            </div>
          </form>
          <div className="col-md-5">
            <div className="studio-preview-sticky">
              <CardPreview values={values} image={previewImage} />
            </div>
          </div>
        </div>
        <StockPanel product={product} />
      </div>
    </section>
  );
}

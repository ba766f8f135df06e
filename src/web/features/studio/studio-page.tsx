import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { STUDIO_TOASTS, type StudioProduct } from '../../../domain/schemas/studio';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ForbiddenPage } from '../../components/forbidden-page';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { usePageTitle } from '../../lib/use-page-title';
import { isAdmin, useSession } from '../session/session-store';
import { ProductEditor } from './product-editor';
import { ProductList } from './product-list';
import { messageOf } from './studio-errors';
import { inputOf, useCatalogueSource, useDeleteProduct, useSaveProduct, useStudioProducts } from './studio-api';
import './studio.css';

/** /studio: the product studio for admins (the dashboard's Products tab opens it); 403 for everyone else. */
export function StudioPage() {
  usePageTitle('Product studio');
  const session = useSession();
  if (!isAdmin(session)) return <ForbiddenPage signedIn={Boolean(session)} />;
  return <Studio />;
}

function Studio() {
  const source = useCatalogueSource();
  if (source.isPending) return <Spinner label="Loading the product studio…" />;
  if (source.isError) {
    return (
      <section className="container py-5">
        <LoadError onRetry={() => void source.refetch()}>{messageOf(source.error)}</LoadError>
      </section>
    );
  }
  if (source.data.source === 'sanity') return <SanityNotice studioUrl={source.data.studioUrl} />;
  return <CatalogueStudio />;
}

function SanityNotice({ studioUrl }: { studioUrl: string | null }) {
  return (
    <section className="container py-5 studio-sanity">
      <h1 className="mb-3">Product studio</h1>
      <p className="lead">Products are managed in Sanity.</p>
      <p>The shop reads its product list, prices and photos from the Sanity project it is connected to, so edit them there.</p>
      {studioUrl ? (
        <a className="btn btn-amber" href={studioUrl} target="_blank" rel="noopener noreferrer">
          Open Sanity Studio <span aria-hidden="true">↗</span>
        </a>
      ) : (
        <p className="text-body-secondary">Set SANITY_STUDIO_URL on the server to link to your Sanity Studio from here.</p>
      )}
    </section>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null;

function CatalogueStudio() {
  const products = useStudioProducts();
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<StudioProduct | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  const list = products.data ?? [];
  const current = editing?.kind === 'edit' ? (list.find((p) => p._id === editing.id) ?? null) : null;
  // This page's save runs only the stock switch (the editor has its own), so a pending save is a toggle.
  const togglingId = save.isPending ? (save.variables?.id ?? null) : null;

  function open(next: Editing) {
    setEditing(next);
    // On a phone the editor sits below the list: bring it into view.
    requestAnimationFrame(() => editorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  function toggleStock(product: StudioProduct) {
    save.mutate(
      { id: product._id, input: { ...inputOf(product), instock: !product.instock } },
      {
        onSuccess: (saved) => toast.success(saved.instock ? STUDIO_TOASTS.stockOn(saved.name) : STUDIO_TOASTS.stockOff(saved.name)),
        onError: (error) => toast.error(messageOf(error)),
      },
    );
  }

  function confirmDelete() {
    const product = confirming;
    if (!product) return;
    remove.mutate(product._id, {
      onSuccess: () => {
        toast.success(STUDIO_TOASTS.deleted(product.name));
        if (editing?.kind === 'edit' && editing.id === product._id) setEditing(null);
        setConfirming(null);
      },
      onError: (error) => {
        toast.error(messageOf(error));
        setConfirming(null);
      },
    });
  }

  return (
    <section className="container py-4 studio">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <h1 className="mb-0">Product studio</h1>
          <p className="text-body-secondary mb-0 small">Changes show in the shop as soon as they are saved.</p>
        </div>
        <button type="button" className="btn btn-amber" onClick={() => open({ kind: 'new' })}>
          + New product
        </button>
      </div>
      <div className="row g-4">
        <div className="col-lg-5 col-xl-4">
          {products.isPending ? (
            <Spinner label="Loading products…" />
          ) : products.isError ? (
            <LoadError onRetry={() => void products.refetch()}>{messageOf(products.error)}</LoadError>
          ) : (
            <ProductList
              products={list}
              selectedId={current?._id ?? null}
              togglingId={togglingId}
              onEdit={(p) => open({ kind: 'edit', id: p._id })}
              onDelete={setConfirming}
              onToggleStock={toggleStock}
            />
          )}
        </div>
        <div className="col-lg-7 col-xl-8" ref={editorRef}>
          {editing && (editing.kind === 'new' || current) ? (
            <ProductEditor
              key={editing.kind === 'new' ? 'new' : editing.id}
              product={current}
              onSaved={(saved) => setEditing({ kind: 'edit', id: saved._id })}
              onClose={() => setEditing(null)}
            />
          ) : (
            <div className="studio-placeholder">
              <p className="m-0">Choose a product to edit, or add a new one.</p>
            </div>
          )}
        </div>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${confirming.name}?`}
          confirmLabel="Delete product"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        >
          <p className="mb-2">It disappears from the shop at once. This cannot be undone.</p>
          <p className="mb-0 small text-body-secondary">Orders that already include it keep its name, size and price.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

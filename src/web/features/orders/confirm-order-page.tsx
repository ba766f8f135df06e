import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatRupees, formatSize } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { api, ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

interface Preview {
  orderid: string;
  orderNumber: string;
  status: string;
  confirmation: 'PENDING' | 'CONFIRMED' | null;
  cancelReason: string | null;
  totalAmount: number;
  items: Order['items'];
  confirmBy: string | null;
  open: boolean;
}

const orderPath = (orderid: string) => `/api/order/${encodeURIComponent(orderid)}/confirm`;

/**
 * /confirm/{orderid}?t=…: the link in the order mail of a cash on delivery order that waits for the customer. It
 * works without logging in (the signed token is the key) and until the window to confirm ends.
 */
export function ConfirmOrderPage() {
  const { orderid = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  usePageTitle('Confirm your order');
  const client = useQueryClient();
  const key = ['confirm', orderid, token];
  const preview = useQuery({
    queryKey: key,
    queryFn: () => api.get<Preview>(`${orderPath(orderid)}?token=${encodeURIComponent(token)}`),
    enabled: !!orderid && !!token,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const answer = useMutation({
    mutationFn: (choice: 'CONFIRM' | 'CANCEL') => api.post<Order>(orderPath(orderid), { answer: choice, token }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer.isSuccess || answer.isError) resultRef.current?.focus();
  }, [answer.isSuccess, answer.isError]);

  let body;
  if (!token) body = <div className="alert alert-warning" role="alert">This link is missing its key. Open the link in your order mail again.</div>;
  else if (preview.isPending) body = <Spinner label="Loading your order…" />;
  else if (preview.isError)
    body =
      preview.error instanceof ApiError && preview.error.status < 500 ? (
        <div className="alert alert-warning" role="alert">{preview.error.message}</div>
      ) : (
        <LoadError onRetry={() => void preview.refetch()}>We could not load your order just now: {preview.error.message}</LoadError>
      );
  else body = <ConfirmBody preview={preview.data} busy={answer.isPending} onAnswer={(c) => answer.mutate(c)} />;

  return (
    <section className="container py-4 py-md-5 page-narrow" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="h2 mb-3">{preview.data ? `Confirm order ${preview.data.orderNumber}` : 'Confirm your order'}</h1>
      <div ref={resultRef} tabIndex={-1} aria-live="polite">
        {answer.isError && <div className="alert alert-danger" role="alert">{answer.error.message}</div>}
        {answer.isSuccess && (
          <div className="alert alert-success" role="status" data-testid="confirm-result">
            {answer.data.status === 'CANCELLED' ? 'Your order is cancelled. Nothing is due.' : 'Thank you! Your order is confirmed and we are packing it.'}
          </div>
        )}
      </div>
      {body}
      <Link to="/products" className="btn btn-link px-0 mt-3">Continue shopping</Link>
    </section>
  );
}

function ConfirmBody({ preview, busy, onAnswer }: { preview: Preview; busy: boolean; onAnswer: (choice: 'CONFIRM' | 'CANCEL') => void }) {
  return (
    <div className="card shadow-sm border-0 bg-cream">
      <div className="card-body p-4">
        <ul className="mb-2">
          {preview.items.map((item, i) => (
            <li key={i}>
              {item.name} {formatSize(item.quantity)} × {item.itemQty}
            </li>
          ))}
        </ul>
        <p className="mb-3">
          Cash on delivery: <strong>{formatRupees(preview.totalAmount)}</strong>
        </p>
        {preview.confirmation === 'CONFIRMED' && <p className="mb-0" data-testid="confirm-state">This order is confirmed. Thank you!</p>}
        {preview.status === 'CANCELLED' && <p className="mb-0" data-testid="confirm-state">This order is cancelled{preview.cancelReason ? ` (${preview.cancelReason})` : ''}.</p>}
        {preview.open && (
          <>
            <p>Will you be there to pay {formatRupees(preview.totalAmount)} when it arrives? Please confirm so we can pack it.</p>
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-amber" disabled={busy} onClick={() => onAnswer('CONFIRM')}>
                Confirm my order
              </button>
              <button type="button" className="btn btn-outline-danger" disabled={busy} onClick={() => onAnswer('CANCEL')}>
                Cancel it
              </button>
            </div>
          </>
        )}
        {!preview.open && preview.confirmation === 'PENDING' && preview.status !== 'CANCELLED' && (
          <p className="mb-0">The time to confirm this order has ended.</p>
        )}
      </div>
    </div>
  );
}

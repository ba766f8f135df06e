import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatRupees, formatShopDateTime, formatSize } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import { phoneProblem } from '../../../domain/schemas/phone-fields';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { api, ApiError } from '../../lib/api-client';
import { usePublicBusiness } from '../../lib/public-business';
import { usePageTitle } from '../../lib/use-page-title';
import { confirmOutcome, type ConfirmPreview } from './confirm-outcome';

interface Preview extends ConfirmPreview {
  orderid: string;
  orderNumber: string;
  totalAmount: number;
  items: Order['items'];
  confirmBy: string | null;
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

  const outcome = preview.data ? confirmOutcome(preview.data, answer.data ?? null) : null;
  // One place says where the order stands: a refused answer in the server's words, else the order's state.
  const said = answer.isError
    ? { tone: 'danger', text: answer.error.message }
    : outcome?.message;
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
  else if (outcome) body = <OrderCard preview={preview.data} asking={outcome.asking} payable={outcome.payable} busy={answer.isPending} onAnswer={(c) => answer.mutate(c)} />;

  return (
    <section className="container py-4 py-md-5 page-narrow" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="h2 mb-3">
        {preview.data ? `${outcome?.asking ? 'Confirm order' : 'Order'} ${preview.data.orderNumber}` : 'Confirm your order'}
      </h1>
      <div ref={resultRef} tabIndex={-1} aria-live="polite">
        {said ? (
          <div className={`alert alert-${said.tone}`} role={answer.isError ? 'alert' : 'status'} data-testid="confirm-result">
            {said.text}
          </div>
        ) : null}
      </div>
      {body}
      <CallUs />
      <Link to="/products" className="btn btn-link px-0 mt-3">Continue shopping</Link>
    </section>
  );
}

interface OrderCardProps {
  preview: Preview;
  /** The order still waits for the customer: the question and its buttons show. */
  asking: boolean;
  /** Cash is still to be paid at the door: the amount shows. */
  payable: boolean;
  busy: boolean;
  onAnswer: (choice: 'CONFIRM' | 'CANCEL') => void;
}

/** The shop's care phone as a link to call, once the owner has set it: the page's errors say "call us". */
function CallUs() {
  const phone = usePublicBusiness().data?.carePhone;
  if (!phone || phoneProblem(phone)) return null;
  return (
    <p className="mt-3 mb-0">
      Questions about this order? Call us on <a className="text-nowrap" href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>.
    </p>
  );
}

function OrderCard({ preview, asking, payable, busy, onAnswer }: OrderCardProps) {
  // Cancelling cannot be undone and its button sits beside Confirm: asked once more, Keep being the safe choice.
  const [askCancel, setAskCancel] = useState(false);
  return (
    <div className="card shadow-sm border-0 bg-cream">
      <div className="card-body p-4">
        <ul className={payable ? 'mb-2' : 'mb-0'}>
          {preview.items.map((item, i) => (
            <li key={i}>
              {item.name} {formatSize(item.quantity)} × {item.itemQty}
            </li>
          ))}
        </ul>
        {payable ? (
          <p className={asking ? 'mb-3' : 'mb-0'}>
            Cash on delivery: <strong>{formatRupees(preview.totalAmount)}</strong>
          </p>
        ) : null}
        {asking ? (
          <>
            <p>Will you be there to pay when it arrives? Please confirm so we can pack it.</p>
            {preview.confirmBy ? (
              <p className="small text-muted">Please answer by {formatShopDateTime(preview.confirmBy)}: without an answer the order is cancelled then.</p>
            ) : null}
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-amber" disabled={busy} onClick={() => onAnswer('CONFIRM')}>
                Confirm my order
              </button>
              <button type="button" className="btn btn-outline-danger" disabled={busy} onClick={() => setAskCancel(true)}>
                Cancel it
              </button>
            </div>
          </>
        ) : null}
        {askCancel ? (
          <ConfirmDialog
            title={`Cancel order ${preview.orderNumber}?`}
            confirmLabel="Yes, cancel it"
            cancelLabel="Keep my order"
            busy={busy}
            onConfirm={() => {
              setAskCancel(false);
              onAnswer('CANCEL');
            }}
            onCancel={() => setAskCancel(false)}
          >
            <p className="mb-0">We will not pack or send it. This cannot be undone; you are welcome to order again later.</p>
          </ConfirmDialog>
        ) : null}
      </div>
    </div>
  );
}

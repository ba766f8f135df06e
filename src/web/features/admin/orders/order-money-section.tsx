import { useRef } from 'react';
import { formatShopDateTime } from '../../../../domain/display';
import { isAdminCancellable, isRefundable, isReturnRefundable, refundableLeft, wasDelivered, type OrderWithRefunds } from '../../../../domain/refunds';
import { CreditNoteList } from '../../../components/credit-note-list';
import { LoadError } from '../../../components/load-error';
import { LoadingDots } from '../ui/loading-dots';
import { OrderCancelAction } from './order-cancel-action';
import { OrderRefundForm } from './order-refund-form';
import { OrderRefundList } from './order-refund-list';
import { OrderReturnRefundForm } from './order-return-refund-form';
import { useFocusAfter } from './use-focus-after';

interface OrderMoneySectionProps {
  headingId: string;
  /** The order read fresh with its refunds; undefined until it arrives. */
  order: OrderWithRefunds | undefined;
  loadError: string | null;
  onRetry: () => void;
}

/** An order delivered once and set back since is refunded, not cancelled: said where the Cancel button would be. */
function setBackWords(order: OrderWithRefunds): string {
  return order.status !== 'DELIVERED' && order.deliveredAt ? `Delivered on ${formatShopDateTime(order.deliveredAt)}, so it is refunded, not cancelled. ` : '';
}

/** Why an action is not offered, when that is not obvious from the status. */
function noActionNote(order: OrderWithRefunds): string | null {
  if (order.status === 'CANCELLED') return 'This order is cancelled.';
  if (wasDelivered(order) && !isRefundable(order)) return `${setBackWords(order)}This order was not paid online, so a refund is settled by hand.`;
  if (order.status === 'RETURNED') {
    const settled = `The courier brought this parcel back: its bottles are back on the shelf${order.invoiceNumber ? ' and its invoice is credited' : ''}.`;
    return isReturnRefundable(order) ? settled : `${settled} It was not paid online, so nothing is owed either way.`;
  }
  return setBackWords(order).trim() || null;
}

/** The order detail's "Cancel and refund" card: the refunds so far, and what may be done next. */
export function OrderMoneySection({ headingId, order, loadError, onRetry }: OrderMoneySectionProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  // Cancelling takes its buttons away: the keyboard lands on what the card says then.
  const focusAfter = useFocusAfter(order ? `${order.status}|${order.refunds.length}` : '');
  const armFocus = () => {
    focusAfter.arm(() => noteRef.current ?? headingRef.current);
    return focusAfter.disarm;
  };
  const note = order ? noActionNote(order) : null;
  return (
    <section className="col-12" aria-labelledby={headingId}>
      <div className="detail-card">
        <h4 id={headingId} ref={headingRef} tabIndex={-1} className="detail-heading focus-target">Cancel and refund</h4>
        {!order ? (
          loadError ? (
            <LoadError onRetry={onRetry} className="mb-0">The refunds could not be loaded: {loadError}</LoadError>
          ) : (
            <LoadingDots label="Loading refunds" />
          )
        ) : (
          <>
            {(order.refunds.length > 0 || (order.paymentmode === 'ONLINE' && order.paymentstatus === 'PAID')) && (
              <OrderRefundList orderid={order.orderid} refunds={order.refunds} />
            )}
            {order.creditNotes && order.creditNotes.length > 0 && (
              <CreditNoteList orderid={order.orderid} creditNotes={order.creditNotes} className="list-unstyled small mt-2 mb-0" />
            )}
            {note && (
              <p ref={noteRef} tabIndex={-1} className="small text-muted-strong mt-2 mb-0 focus-target">
                {note}
              </p>
            )}
            {isAdminCancellable(order) && (
              <div className="mt-3">
                <OrderCancelAction order={order} armFocus={armFocus} />
              </div>
            )}
            {isReturnRefundable(order) && (
              <div className="mt-3">
                <OrderReturnRefundForm
                  key={refundableLeft(order.totalAmount, order.refunds)}
                  orderid={order.orderid}
                  left={refundableLeft(order.totalAmount, order.refunds)}
                  deliveryFee={order.deliveryFee}
                  invoiced={!!order.invoiceNumber}
                />
              </div>
            )}
            {isRefundable(order) && (
              <div className="mt-3">
                <OrderRefundForm
                  key={refundableLeft(order.totalAmount, order.refunds)}
                  orderid={order.orderid}
                  items={order.items}
                  charges={order}
                  left={refundableLeft(order.totalAmount, order.refunds)}
                />
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

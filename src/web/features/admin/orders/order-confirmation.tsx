import { toast } from 'react-toastify';
import type { Order } from '../../../../domain/schemas/order';
import { LoadError } from '../../../components/load-error';
import { useAnswerConfirmation, useMessageSettings, useMessages } from '../api/messages-api';
import { MessageList } from '../messages/message-list';

/**
 * The COD confirmation of an order (DESIGN.md §8.6) and its WhatsApp messages: the owner can confirm after a call or
 * cancel an order that waits, and, in the sandbox, answer a message as the customer.
 */
export function OrderConfirmationSection({ order, headingId }: { order: Order; headingId: string }) {
  const answer = useAnswerConfirmation();
  const messages = useMessages(true, order.orderid);
  const settings = useMessageSettings();
  const waiting = order.confirmation === 'PENDING' && order.status !== 'CANCELLED';
  const act = (choice: 'CONFIRM' | 'CANCEL') =>
    answer.mutate(
      { orderid: order.orderid, answer: choice },
      {
        onSuccess: () => toast.success(choice === 'CONFIRM' ? 'The order is confirmed.' : 'The order is cancelled; its bottles are back in stock.'),
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <section className="col-12" aria-labelledby={headingId}>
      <div className="detail-card">
        <h4 id={headingId} className="detail-heading">Confirmation and WhatsApp</h4>
        {order.confirmation === 'CONFIRMED' && <p className="mb-2" data-testid="confirmation-state">Cash on delivery: confirmed.</p>}
        {waiting && (
          <div className="mb-3">
            <p className="mb-2" data-testid="confirmation-state">
              Cash on delivery: <strong>waiting for the customer to confirm.</strong> Call them, then record their answer.
            </p>
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-amber btn-sm" disabled={answer.isPending} onClick={() => act('CONFIRM')}>
                Mark confirmed
              </button>
              <button type="button" className="btn btn-outline-danger btn-sm" disabled={answer.isPending} onClick={() => act('CANCEL')}>
                Cancel: not wanted
              </button>
            </div>
          </div>
        )}
        {!order.confirmation && <p className="mb-2 small text-muted-strong">No confirmation needed for this order.</p>}
        <p className="small mb-2">WhatsApp updates: {order.whatsappOptIn ? 'yes, to the order’s mobile number' : 'not asked for'}.</p>
        {messages.isError && <LoadError onRetry={() => void messages.refetch()}>The messages could not be loaded: {messages.error.message}</LoadError>}
        {messages.data && <MessageList messages={messages.data} sandbox={settings.data?.provider === 'sandbox'} showOrder={false} />}
      </div>
    </section>
  );
}

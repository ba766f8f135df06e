import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { orderNumber } from '../../../../domain/display';
import type { Order } from '../../../../domain/schemas/order';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { useAnswerConfirmation, useMessageSettings, useMessages } from '../api/messages-api';
import { MessageList } from '../messages/message-list';
import { autoCancelWords, confirmationStateWords, phoneLinks } from './confirmation-words';
import { useFocusAfter } from './use-focus-after';

/**
 * The COD confirmation of an order (DESIGN.md §8.6) and its WhatsApp messages: the owner calls or writes to the
 * customer, then confirms or cancels an order that waits (asked first, as any cancel is), and, in the sandbox,
 * answers a message as the customer.
 */
export function OrderConfirmationSection({ order, headingId }: { order: Order; headingId: string }) {
  const answer = useAnswerConfirmation();
  const messages = useMessages(true, order.orderid);
  const settings = useMessageSettings();
  const [askingCancel, setAskingCancel] = useState(false);
  const stateRef = useRef<HTMLParagraphElement>(null);
  // Both buttons go away with the answer: the keyboard lands on what the section says then.
  const focusAfter = useFocusAfter(`${order.status}|${order.confirmation ?? ''}`);
  const waiting = order.confirmation === 'PENDING' && order.status !== 'CANCELLED';
  const act = (choice: 'CONFIRM' | 'CANCEL') => {
    setAskingCancel(false);
    focusAfter.arm(() => stateRef.current);
    answer.mutate(
      { orderid: order.orderid, answer: choice },
      {
        onSuccess: () => toast.success(choice === 'CONFIRM' ? 'The order is confirmed.' : 'The order is cancelled; its bottles are back in stock.'),
        onError: (err) => {
          focusAfter.disarm();
          toast.error(err.message);
        },
      },
    );
  };
  const deadline = autoCancelWords(order);
  const links = phoneLinks(order.mobilenumber);
  return (
    <section className="col-12" aria-labelledby={headingId}>
      <div className="detail-card">
        <h4 id={headingId} className="detail-heading">Confirmation and WhatsApp</h4>
        {waiting ? (
          <div className="mb-3">
            <p className="mb-1 focus-target" data-testid="confirmation-state" ref={stateRef} tabIndex={-1}>
              Cash on delivery: <strong>waiting for the customer to confirm.</strong> Call them on{' '}
              <a href={links.tel} aria-label={`Call ${order.mobilenumber}`}>{order.mobilenumber}</a> or write to them on{' '}
              <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" aria-label={`Message ${order.mobilenumber} on WhatsApp`}>
                WhatsApp
              </a>
              , then record their answer.
            </p>
            {deadline && (
              <p className="small text-muted-strong mb-2" data-testid="confirm-by">
                {deadline}
              </p>
            )}
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-amber btn-sm" disabled={answer.isPending} onClick={() => act('CONFIRM')}>
                Mark confirmed
              </button>
              <button type="button" className="btn btn-outline-danger btn-sm" disabled={answer.isPending} onClick={() => setAskingCancel(true)}>
                Cancel: not wanted
              </button>
            </div>
          </div>
        ) : (
          <p
            className={`mb-2 focus-target${order.confirmation === 'CONFIRMED' && order.status !== 'CANCELLED' ? '' : ' small text-muted-strong'}`}
            data-testid="confirmation-state"
            ref={stateRef}
            tabIndex={-1}
          >
            {confirmationStateWords(order)}
          </p>
        )}
        <p className="small mb-2">WhatsApp updates: {order.whatsappOptIn ? 'yes, to the order’s mobile number' : 'not asked for'}.</p>
        {messages.isError && <LoadError onRetry={() => void messages.refetch()}>The messages could not be loaded: {messages.error.message}</LoadError>}
        {messages.data && <MessageList messages={messages.data} sandbox={settings.data?.provider === 'sandbox'} showOrder={false} />}
      </div>
      {askingCancel && waiting && (
        <ConfirmDialog
          title={`Cancel order # ${orderNumber(order.id)}?`}
          confirmLabel="Yes, cancel the order"
          cancelLabel="Keep the order"
          onConfirm={() => act('CANCEL')}
          onCancel={() => setAskingCancel(false)}
        >
          <p className="mb-0">
            The order is cancelled as not wanted: its bottles go back into stock and the customer gets the cancellation mail. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

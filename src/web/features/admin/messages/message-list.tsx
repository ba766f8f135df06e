import './messages.css';
import { shopTimestamp } from '../../../../domain/display';
import { MESSAGE_ANSWER_LABELS, MESSAGE_KIND_LABELS, type MessageView } from '../../../../domain/messages-and-confirmation';
import { useSandboxReply } from '../api/messages-api';
import { toast } from 'react-toastify';

const STATUS_CLASS: Record<string, string> = {
  QUEUED: 'status-preparation',
  SENT: 'status-ready',
  DELIVERED: 'status-delivered',
  READ: 'status-delivered',
  FAILED: 'status-failed',
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shopTimestamp(date).slice(0, 16).replace('T', ' ');
}

/** Messages as the customer reads them; in the sandbox the owner can answer as the customer would. */
export function MessageList({ messages, sandbox, showOrder }: { messages: MessageView[]; sandbox: boolean; showOrder: boolean }) {
  const reply = useSandboxReply();
  const play = (orderid: string, button: 'CONFIRM' | 'CANCEL' | 'STOP', label: string) =>
    reply.mutate(
      { orderid, button },
      {
        onSuccess: () => toast.success(`Played the customer's reply: ${label}.`),
        onError: (err) => toast.error(`The reply was not applied: ${err.message}`),
      },
    );
  if (messages.length === 0) return <p className="text-muted-strong small mb-0">No WhatsApp messages yet.</p>;
  return (
    <ul className="message-list list-unstyled mb-0">
      {messages.map((m) => (
        <li key={m.id} className="message-item" data-testid="whatsapp-message">
          <div className="message-head small text-muted-strong">
            {MESSAGE_KIND_LABELS[m.kind]} · to {m.to}
            {showOrder && <> · order {m.orderNumber}</>} · {when(m.createdAt)}
            <span className={`status-badge ms-2 ${STATUS_CLASS[m.status] ?? 'status-neutral'}`}>{m.status}</span>
          </div>
          <p className="message-bubble mb-1">{m.text}</p>
          {m.error && <p className="small text-danger-strong mb-1">Error: {m.error}</p>}
          {m.answer && (
            <p className="small fw-semibold mb-1" data-testid="message-answer">
              {MESSAGE_ANSWER_LABELS[m.answer]}
            </p>
          )}
          {sandbox && (
            <div className="d-flex flex-wrap gap-2" role="group" aria-label={`Reply as the customer to the message about order ${m.orderNumber}`}>
              {/* The customer's buttons are offered only while an answer would still be taken. */}
              {m.answer === 'WAITING' && m.buttons.includes('Confirm') && (
                <button type="button" className="btn btn-sm btn-amber" disabled={reply.isPending} onClick={() => play(m.orderid, 'CONFIRM', 'Confirm')}>
                  Play “Confirm”
                </button>
              )}
              {m.answer === 'WAITING' && m.buttons.includes('Cancel') && (
                <button type="button" className="btn btn-sm btn-outline-amber" disabled={reply.isPending} onClick={() => play(m.orderid, 'CANCEL', 'Cancel')}>
                  Play “Cancel”
                </button>
              )}
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={reply.isPending} onClick={() => play(m.orderid, 'STOP', 'STOP')}>
                Play “STOP”
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

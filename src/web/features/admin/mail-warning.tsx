import { shopTimestamp } from '../../../domain/display';
import { useMailHealth } from './api/outbox-api';

/** "10 minutes", "3 days", "20 seconds": the retry policy in words. */
function span(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return plural(Math.max(1, Math.round(minutes * 60)), 'second');
  if (minutes < 120) return plural(Math.round(minutes), 'minute');
  if (minutes < 48 * 60) return plural(Math.round(minutes / 60), 'hour');
  return plural(Math.round(minutes / (24 * 60)), 'day');
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shopTimestamp(date).slice(0, 16).replace('T', ' ');
}

/**
 * While mail fails to go out the owner must know (customers are waiting for confirmations and reset links), and
 * what the shop does about it meanwhile; given-up mails of the week stay on show until they are sent again.
 */
export function MailWarning({ onOpenOutbox }: { onOpenOutbox: () => void }) {
  const { data } = useMailHealth();
  if (!data || (!data.failing && data.failedThisWeek === 0)) return null;
  const open = (
    <button type="button" className="btn btn-sm btn-outline-dark" onClick={onOpenOutbox}>
      Open Mail Outbox
    </button>
  );
  if (!data.failing) {
    return (
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
        <span>
          <strong>
            {data.failedThisWeek} {data.failedThisWeek === 1 ? 'mail was' : 'mails were'} given up this week.
          </strong>{' '}
          Send them again from the Mail Outbox once the mail server works.
        </span>
        {open}
      </div>
    );
  }
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span>
        <strong>Mail is not going out.</strong> {data.retrying} {data.retrying === 1 ? 'mail is' : 'mails are'} waiting
        {data.retryingSince ? `, the oldest since ${when(data.retryingSince)}` : ''}
        {data.lastError ? <>; the mail server's last answer: “{data.lastError}”</> : null}. The shop tries again every{' '}
        {span(data.retryEveryMinutes)} and keeps each mail for {span(data.giveUpAfterHours * 60)}, so nothing is lost
        meanwhile. Check the mail server and <code>SMTP_URL</code>.
        {data.failedThisWeek > 0 ? ` ${data.failedThisWeek} older ${data.failedThisWeek === 1 ? 'mail was' : 'mails were'} given up this week.` : ''}
      </span>
      {open}
    </div>
  );
}

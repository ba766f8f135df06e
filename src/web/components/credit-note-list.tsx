import { formatRupees, orderDate } from '../../domain/display';
import type { CreditNoteView } from '../../domain/refunds';
import { InvoiceButton } from './invoice-button';

/** The order's credit notes, each with its PDF: Your Orders and the admin's order detail show the same list. */
export function CreditNoteList({ orderid, creditNotes, className = 'list-unstyled small mb-2', formatDate = orderDate }: {
  orderid: string;
  creditNotes: readonly CreditNoteView[];
  className?: string;
  /** How the note's date reads: the customer's screens write dates their own way ("28 Nov 2026"). */
  formatDate?: (iso: string) => string;
}) {
  if (creditNotes.length === 0) return null;
  return (
    <ul className={className} aria-label="Credit notes" data-testid="credit-notes">
      {creditNotes.map((note) => (
        <li key={note.number} className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <span className={note.voided ? 'text-body-secondary' : undefined}>
            Credit note {note.number} of {formatDate(note.date)}: {note.voided ? <s>{formatRupees(note.amount)}</s> : formatRupees(note.amount)}
            {note.voided && <span className="badge text-bg-secondary ms-2" title="The refund failed, so this note credits nothing.">Voided: refund failed</span>}
          </span>
          <InvoiceButton orderid={orderid} invoiceNumber={note.number} creditNote />
        </li>
      ))}
    </ul>
  );
}

import { formatRupees, orderDate } from '../../domain/display';
import type { CreditNoteView } from '../../domain/refunds';
import { InvoiceButton } from './invoice-button';

/** The order's credit notes, each with its PDF: Your Orders and the admin's order detail show the same list. */
export function CreditNoteList({ orderid, creditNotes, className = 'list-unstyled small mb-2' }: {
  orderid: string;
  creditNotes: readonly CreditNoteView[];
  className?: string;
}) {
  if (creditNotes.length === 0) return null;
  return (
    <ul className={className} aria-label="Credit notes" data-testid="credit-notes">
      {creditNotes.map((note) => (
        <li key={note.number} className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <span>
            Credit note {note.number} of {orderDate(note.date)}: {formatRupees(note.amount)}
          </span>
          <InvoiceButton orderid={orderid} invoiceNumber={note.number} creditNote />
        </li>
      ))}
    </ul>
  );
}

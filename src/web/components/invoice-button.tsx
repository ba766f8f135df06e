import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, send } from '../lib/api-client';

const fileName = (number: string) => number.replace(/\//g, '-');

/**
 * Downloads the order's tax invoice, or one of its credit notes. The API wants the bearer token, which a plain link
 * cannot carry, so the PDF is fetched and handed to the browser as a file named after the document's number.
 */
export function InvoiceButton({ orderid, invoiceNumber, creditNote = false, className = 'btn btn-sm btn-outline-secondary' }: {
  orderid: string;
  /** The invoice's number, or the credit note's when `creditNote`. */
  invoiceNumber: string;
  creditNote?: boolean;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const what = creditNote ? 'Credit note' : 'Invoice';
  const path = creditNote ? `credit-notes/${fileName(invoiceNumber)}.pdf` : 'invoice.pdf';
  async function download() {
    setBusy(true);
    try {
      const response = await send('GET', `/api/order/${encodeURIComponent(orderid)}/${path}`, undefined, {
        headers: { Accept: 'application/pdf' },
      });
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `${fileName(invoiceNumber)}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : `The ${what.toLowerCase()} could not be downloaded. Try again.`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={className} onClick={() => void download()} disabled={busy} aria-label={`${what} ${invoiceNumber} (PDF)`}>
      {busy ? 'Downloading…' : what}
    </button>
  );
}

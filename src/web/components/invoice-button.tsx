import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, send } from '../lib/api-client';

/**
 * Downloads the order's tax invoice. The API wants the bearer token, which a plain link cannot carry, so the PDF
 * is fetched and handed to the browser as a file named after the invoice number.
 */
export function InvoiceButton({ orderid, invoiceNumber, className = 'btn btn-sm btn-outline-secondary' }: {
  orderid: string;
  invoiceNumber: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await send('GET', `/api/order/${encodeURIComponent(orderid)}/invoice.pdf`, undefined, {
        headers: { Accept: 'application/pdf' },
      });
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `${invoiceNumber.replace(/\//g, '-')}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The invoice could not be downloaded. Try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={className} onClick={() => void download()} disabled={busy} aria-label={`Invoice ${invoiceNumber} (PDF)`}>
      {busy ? 'Downloading…' : 'Invoice'}
    </button>
  );
}

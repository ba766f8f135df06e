import { toast } from 'react-toastify';
import { ApiError, send } from '../../../lib/api-client';

/**
 * Opens an order's shipping label in a new tab. The label is for admins, so it is fetched with the session's token
 * and shown from a blob: a plain link would reach the server without it.
 */
export async function openLabel(orderid: string): Promise<void> {
  try {
    const response = await send('GET', `/api/order/${encodeURIComponent(orderid)}/shipment/label.pdf`, undefined, { headers: { Accept: 'application/pdf' } });
    const url = URL.createObjectURL(await response.blob());
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : 'The label could not be downloaded. Try again.');
  }
}

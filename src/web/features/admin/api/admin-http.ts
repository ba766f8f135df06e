import { send } from '../../../lib/api-client';

/** A GET whose total count travels in X-Total-Count (the paged admin order list). */
export async function getWithTotal<T>(path: string): Promise<{ items: T; total: number }> {
  const response = await send('GET', path);
  const items = (await response.json()) as T;
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { items, total: Number.isFinite(total) ? total : Array.isArray(items) ? items.length : 0 };
}

/**
 * Downloads a file from an admin endpoint. The bearer token cannot ride on a plain link, so the file is
 * fetched, then handed to the browser as a blob link.
 */
export async function downloadFile(path: string, fallbackName: string, accept = 'text/csv'): Promise<void> {
  const response = await send('GET', path, undefined, { headers: { Accept: accept } });
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

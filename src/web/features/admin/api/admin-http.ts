import { ApiError } from '../../../lib/api-client';
import { getToken, setSession } from '../../session/session-store';

async function authorizedFetch(path: string, accept: string): Promise<Response> {
  const headers = new Headers({ Accept: accept });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, 'NETWORK', 'We could not reach the shop. Check your connection and try again.');
  }
  if (!response.ok) {
    // As the shared client does: a token the server no longer accepts ends the session here too.
    if (response.status === 401 && token) setSession(null);
    const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string; fields?: Record<string, string> };
    throw new ApiError(
      response.status,
      body.error ?? `HTTP_${response.status}`,
      body.message ?? `The request failed (${response.status}).`,
      body.fields ?? {},
      body,
    );
  }
  return response;
}

/** A GET whose total count travels in X-Total-Count (the paged admin order list). */
export async function getWithTotal<T>(path: string): Promise<{ items: T; total: number }> {
  const response = await authorizedFetch(path, 'application/json');
  const items = (await response.json()) as T;
  const total = Number(response.headers.get('X-Total-Count') ?? NaN);
  return { items, total: Number.isFinite(total) ? total : Array.isArray(items) ? items.length : 0 };
}

/**
 * Downloads a file from an admin endpoint. The bearer token cannot ride on a plain link, so the file is
 * fetched, then handed to the browser as a blob link.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await authorizedFetch(path, 'text/csv');
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

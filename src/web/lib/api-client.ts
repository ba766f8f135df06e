import { getToken, setSession } from '../features/session/session-store';

/** A failed call, with the server's `{error, message, fields}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const forbiddenListeners = new Set<() => void>();

/** Called after any 403 answered to a signed-in caller; answers the function that stops listening. */
export function onForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Every call goes through here: the session's bearer token attached, a JSON body sent as JSON (FormData as
 * it is), and any failure thrown as an ApiError. Answers the Response, for callers that read headers or a file.
 */
export async function send(method: Method, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'We could not reach the shop. Check your connection and try again.');
  }
  if (!response.ok) {
    // A 403 may only mean the roles this page knows are out of date (a revoke): whoever listens re-reads them.
    if (response.status === 403 && token) for (const listener of forbiddenListeners) listener();
    const data = parseBody(await response.text());
    const err = (data ?? {}) as { error?: string; message?: string; fields?: Record<string, string> };
    // The server no longer accepts this token (expired, ended, account gone): sign out here too, so the screens
    // show the login prompt instead of failing call after call. A wrong current password (e-mail change) is a
    // 401 too, but the session is fine.
    if (response.status === 401 && token && err.error !== 'WRONG_PASSWORD') setSession(null);
    throw new ApiError(
      response.status,
      err.error ?? 'HTTP_' + response.status,
      err.message ?? `The request failed (${response.status}).`,
      err.fields ?? {},
      data,
    );
  }
  return response;
}

/** A call whose answer is JSON (or nothing). */
export async function request<T>(method: Method, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const response = await send(method, path, body, init);
  return parseBody(await response.text()) as T;
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

import { MSG } from '@deklarant/contracts';
import { currentLanguage, i18next, localizeMessage } from '../i18n/i18n.ts';
import { session } from '../session/storage.ts';

/** An API failure with the server's Russian message and field errors (422). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

export type SessionErrorKind = 'unauthorized' | 'interrupted';
type SessionErrorHandler = (kind: SessionErrorKind, message: string) => void;
type B2BRelogin = () => Promise<boolean>;

let onSessionError: SessionErrorHandler = () => {};

/**
 * Session loss for B2B (docs/accounts.md): on 401/403 log in again through the broker with the stored client id and
 * bank name (silently), then the failed call is retried once. Concurrent failures share one login.
 */
let reloginInFlight: Promise<boolean> | null = null;
const brokerRelogin: B2BRelogin = () => {
  reloginInFlight ??= (async () => {
    const id = session.b2bId();
    if (!id) return false;
    try {
      await ensureXsrf();
      const res = await fetch('/api/auth/login-via-broker', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': xsrfToken() },
        body: JSON.stringify({ id, bank_name: session.bankName() }),
      });
      if (!res.ok) return false;
      const data = (await res.json()) as { token?: string };
      if (!data.token) return false;
      session.signIn(data.token, 'B2B');
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    reloginInFlight = null;
  });
  return reloginInFlight;
};
let b2bRelogin: B2BRelogin = brokerRelogin;

/**
 * The admin path: under /management every call carries token (in the
 * x-management-token header), manager_id and user_id (kept for the tab in sessionStorage).
 */
export interface ManagementContext {
  token: string;
  manager_id: string;
  user_id: string;
  return_url: string | null;
}
const MANAGEMENT_KEY = 'management_context';
export const management = {
  active: () => window.location.pathname.startsWith('/management'),
  get(): ManagementContext | null {
    try {
      const v = JSON.parse(sessionStorage.getItem(MANAGEMENT_KEY) ?? 'null') as ManagementContext | null;
      return v?.token && v.manager_id && v.user_id ? v : null;
    } catch {
      return null;
    }
  },
  set(ctx: ManagementContext | null) {
    if (ctx) sessionStorage.setItem(MANAGEMENT_KEY, JSON.stringify(ctx));
    else sessionStorage.removeItem(MANAGEMENT_KEY);
  },
};

/** The shell installs the dialogs of docs/accounts.md; the B2B module installs the silent broker re-login. */
export function setSessionErrorHandler(h: SessionErrorHandler) {
  onSessionError = h;
}
export function setB2BRelogin(fn: B2BRelogin) {
  b2bRelogin = fn;
}

function xsrfToken(): string {
  const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/);
  return m ? decodeURIComponent(m[1] ?? '') : '';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** login and similar calls handle 401/403 themselves (no session dialog) */
  skipSessionErrors?: boolean;
  signal?: AbortSignal;
  raw?: boolean;
  /** a manager's own calls (/manager console): this bearer instead of the stored session, no dialogs */
  authToken?: string;
}

const UNSAFE = new Set(['POST', 'PUT', 'DELETE']);

async function ensureXsrf(): Promise<void> {
  if (!xsrfToken()) await fetch('/api/health', { credentials: 'same-origin' });
}

export async function request<T = unknown>(path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
  const method = opts.method ?? 'GET';
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  if (UNSAFE.has(method)) await ensureXsrf();
  // the server answers its messages in the interface language
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  const admin = management.active() && !opts.authToken ? management.get() : null;
  if (admin) {
    // the token rides in a header, never in an address (logs, history, Referer)
    headers['x-management-token'] = admin.token;
    url.searchParams.set('manager_id', admin.manager_id);
    url.searchParams.set('user_id', admin.user_id);
  }
  const token = session.token();
  if (opts.authToken) headers.authorization = `Bearer ${opts.authToken}`;
  else if (token && !admin) headers.authorization = `Bearer ${token}`;
  if (UNSAFE.has(method)) headers['x-xsrf-token'] = xsrfToken();
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, i18next.t('common:state.offline'));
  }
  if (res.ok) {
    if (opts.raw) return res as unknown as T;
    if (res.status === 204) return undefined as T;
    const type = res.headers.get('content-type') ?? '';
    return (type.includes('json') ? await res.json() : await res.blob()) as T;
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  const message = data.message || localizeMessage(MSG.tryAgain);
  if ((res.status === 401 || res.status === 403) && !opts.skipSessionErrors && !admin && !opts.authToken) {
    if (session.isB2B()) {
      // B2B: log in again through the broker silently and retry the failed call once.
      if (!retried && (await b2bRelogin())) return request<T>(path, opts, true);
    } else {
      session.clearAfterSessionError();
      onSessionError(res.status === 401 ? 'unauthorized' : 'interrupted', message);
    }
  }
  throw new ApiError(res.status, message, data.errors ?? {}, data);
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }),
};

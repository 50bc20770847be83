import { type ManagementContext, management } from '../../shared/api/client.ts';

/** Only same-site paths or http(s) addresses may be a return_url (never javascript: and the like). */
export function safeReturnUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The admin path of this tab. A /management URL that carries the token (an outside link, as in
 * docs/accounts.md) is captured; without one, the manager_id and user_id of the URL must match the
 * context the console stored for this tab. All three ids together or nothing: without them the
 * user goes to /app.
 */
export function captureContext(params: URLSearchParams): ManagementContext | null {
  const token = params.get('token');
  const managerId = params.get('manager_id');
  const userId = params.get('user_id');
  const prev = management.get();
  const ids = managerId && userId && /^\d+$/.test(managerId) && /^\d+$/.test(userId);
  const returnUrl = (same: boolean) =>
    safeReturnUrl(params.get('return_url')) ?? (same ? (prev?.return_url ?? null) : null);
  if (token && ids) {
    const ctx: ManagementContext = {
      token,
      manager_id: managerId,
      user_id: userId,
      return_url: returnUrl(prev?.user_id === userId),
    };
    management.set(ctx);
    return ctx;
  }
  if (token) return null;
  if (ids) {
    if (!prev || prev.manager_id !== managerId) return null;
    const ctx = { ...prev, user_id: userId, return_url: returnUrl(prev.user_id === userId) };
    management.set(ctx);
    return ctx;
  }
  if (managerId || userId) return null;
  return prev;
}

/** A /management address: manager_id, user_id and return_url; the token stays in the tab's context. */
export function managementUrl(
  ctx: { manager_id: string | number; user_id: string | number; return_url?: string | null },
  path = '/management/declaration?step=1',
): string {
  const u = new URL(path, 'http://x');
  u.searchParams.set('manager_id', String(ctx.manager_id));
  u.searchParams.set('user_id', String(ctx.user_id));
  if (ctx.return_url) u.searchParams.set('return_url', ctx.return_url);
  return `${u.pathname}${u.search}`;
}

/** The address without the token, once it has been captured (replaces the history entry). */
export function withoutToken(location: { pathname: string; search: string }): string | null {
  const q = new URLSearchParams(location.search);
  if (!q.has('token')) return null;
  q.delete('token');
  const rest = q.toString();
  return `${location.pathname}${rest ? `?${rest}` : ''}`;
}

export function goBack(ctx: ManagementContext | null, navigate: (to: string) => void) {
  const to = ctx?.return_url;
  if (!to) return navigate('/app');
  if (to.startsWith('/')) return navigate(to);
  window.location.assign(to);
}

/** The manager routes (docs/accounts.md): the wizard steps 1 to 4; their titles are management:steps.<step>. */
export const MANAGER_STEPS = ['period', 'income', 'assets', 'calculation'] as const;

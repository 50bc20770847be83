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
 * The admin path from the /management URL (token, manager_id, user_id, return_url), kept for the
 * tab; all three ids together or nothing (SPEC section 2: without them the user goes to /app).
 */
export function captureContext(params: URLSearchParams): ManagementContext | null {
  const token = params.get('token');
  const managerId = params.get('manager_id');
  const userId = params.get('user_id');
  if (token && managerId && userId && /^\d+$/.test(managerId) && /^\d+$/.test(userId)) {
    const prev = management.get();
    const ctx: ManagementContext = {
      token,
      manager_id: managerId,
      user_id: userId,
      return_url: safeReturnUrl(params.get('return_url')) ?? (prev?.user_id === userId ? prev.return_url : null),
    };
    management.set(ctx);
    return ctx;
  }
  if (token || managerId || userId) return null;
  return management.get();
}

export const managementUrl = (
  ctx: { token: string; manager_id: string | number; user_id: string | number; return_url?: string | null },
  path = '/management/declaration?step=1',
) => {
  const u = new URL(path, 'http://x');
  u.searchParams.set('token', ctx.token);
  u.searchParams.set('manager_id', String(ctx.manager_id));
  u.searchParams.set('user_id', String(ctx.user_id));
  if (ctx.return_url) u.searchParams.set('return_url', ctx.return_url);
  return `${u.pathname}${u.search}`;
};

export function goBack(ctx: ManagementContext | null, navigate: (to: string) => void) {
  const to = ctx?.return_url;
  if (!to) return navigate('/app');
  if (to.startsWith('/')) return navigate(to);
  window.location.assign(to);
}

/** SPEC section 2 "Manager routes": the wizard steps 1 to 4 and their titles. */
export const MANAGER_STEPS = [
  'Укажите отчетный период',
  'Сведения о доходах',
  'Загрузка данных об активах на конец периода',
  'Исчисление ИПН',
] as const;

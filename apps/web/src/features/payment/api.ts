import type {
  AdditionalCost,
  ChooseTariffBody,
  ChooseTariffResult,
  InvoiceStatus,
  PaymentMethod,
  PaymentOut,
  PaymentTokenResult,
  PromoCheckResult,
  TariffCatalog,
} from '@deklarant/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { currentLocale, i18next } from '../../shared/i18n/index.ts';
import { STORAGE_KEYS, session } from '../../shared/session/storage.ts';

export const useTariffCatalog = () =>
  useQuery({
    queryKey: queryKeys.tariffs,
    queryFn: async ({ signal }) => (await api.get<TariffCatalog>('/api/tariffs', undefined, signal)).data,
    staleTime: 5 * 60_000,
  });

export const chooseTariff = (id: number, body: ChooseTariffBody) =>
  api.post<ChooseTariffResult>(`/api/tariff/${id}/choose-tariff`, body);

/** POST /api/referral-code-check with FORM DATA code and broker. */
export function checkPromo(code: string, broker: string | null, signal?: AbortSignal): Promise<PromoCheckResult> {
  const form = new FormData();
  form.set('code', code);
  form.set('broker', broker ?? '');
  return api.post<PromoCheckResult>('/api/referral-code-check', form, { signal });
}

export const additionalCost = async (id: number) =>
  (await api.get<z.infer<typeof AdditionalCost>>(`/api/tariff/${id}/get-additional-payment-cost`)).cost;

const P = (id: number) => `/api/declarations/${id}/payments`;

export const createInitialPayment = async (id: number) =>
  (await api.post<{ data: PaymentOut }>(`${P(id)}/create-initial-payment`)).data;
export const getAdditionalPayment = async (id: number) =>
  (await api.get<{ data: PaymentOut | null }>(`${P(id)}/get-additional-payment`)).data;
export const getInvoiceStatus = async (id: number, invId: string, signal?: AbortSignal) =>
  (await api.get<{ data: InvoiceStatus }>(`${P(id)}/invoice-status`, { invId }, signal)).data;
export const saveFailedStatus = (id: number, invId: string) =>
  api.post<{ success: boolean }>(`${P(id)}/save-failed-status`, { invId });

interface HalykWidget {
  pay(o: Record<string, unknown>): void;
}
declare global {
  interface Window {
    halyk?: HalykWidget;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[data-epay="${src}"]`) && window.halyk) return resolve();
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.dataset.epay = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(i18next.t('payment:widgetFailed')));
    document.head.appendChild(s);
  });
}

/**
 * Starts the payment with the chosen method: Robokassa (1) is a signed redirect; Halyk bank (2) loads
 * the ePay widget and calls halyk.pay(paymentObject) with the token.
 */
export async function startPayment(declarationId: number, payment: PaymentOut, method: PaymentMethod): Promise<void> {
  session.setCurrentDeclaration(declarationId);
  localStorage.setItem(
    STORAGE_KEYS.payment,
    JSON.stringify({ declaration_id: declarationId, payment_id: payment.id, kind: payment.kind, method }),
  );
  const base = `${P(declarationId)}/${payment.id}`;
  if (method === 1) {
    const { url } = await api.post<{ url: string }>(`${base}/generate-payment-link`);
    window.location.assign(url);
    return;
  }
  const { token, data } = await api.post<PaymentTokenResult>(`${base}/get-payment-token`);
  await loadScript(data.scriptUrl);
  if (!window.halyk) throw new Error(i18next.t('payment:widgetFailed'));
  const { scriptUrl: _script, ...paymentObject } = data;
  window.halyk.pay({ ...paymentObject, auth: token });
}

/** What the payment screens remember between leaving for the gateway and coming back. */
export function storedPayment(): { declaration_id?: number; kind?: string; method?: number } {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.payment) ?? '{}');
  } catch {
    return {};
  }
}

/** The digit group and decimal marks of a locale (learnt from Intl on a sample; amounts never pass through it). */
function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1000.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? '\u00a0';
  return { group: /\s/.test(group) ? '\u00a0' : group, decimal: parts.find((p) => p.type === 'decimal')?.value ?? ',' };
}

/**
 * '20000.00' -> '20 000 ₸' (ru, kk) or '20,000 ₸' (en): a display string in the active language's number
 * format; amounts stay decimal strings.
 */
export function formatKzt(amount: string, locale: string = currentLocale()): string {
  const { group, decimal } = separators(locale);
  const [int = '0', frac = ''] = amount.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const cents = frac.replace(/0+$/, '');
  return `${grouped}${cents ? `${decimal}${cents.padEnd(2, '0')}` : ''}\u00a0₸`;
}

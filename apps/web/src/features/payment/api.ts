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
    s.onerror = () => reject(new Error('Не удалось загрузить платежную форму. Попробуйте еще раз.'));
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
  if (!window.halyk) throw new Error('Не удалось загрузить платежную форму. Попробуйте еще раз.');
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

/** '20000.00' -> '20 000 ₸' (a display string; amounts stay decimal strings). */
export function formatKzt(amount: string): string {
  const [int = '0', frac = ''] = amount.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const cents = frac.replace(/0+$/, '');
  return `${grouped}${cents ? `,${cents.padEnd(2, '0')}` : ''}\u00a0₸`;
}

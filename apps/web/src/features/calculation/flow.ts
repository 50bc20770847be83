import { DECLARATION_STATUS, isPaid } from '@deklarant/contracts';
import { formatDecimal } from '../../shared/i18n/numbers.ts';

/** Wizard steps this feature moves between (the same numbers as declarations/rules.ts STEP). */
export const STEPS = { ASSETS: 5, CALCULATION: 6, PERSONAL: 7, PREVIEW: 8 } as const;
export const stepPath = (step: number, extra = '') => `/app/declaration?step=${step}${extra}`;

/**
 * Where the wizard goes after finish-editing answered `status` (docs/statuses.md): additional payment
 * for 4, payment while unpaid, else personal data (step 7), which the halykfinance variant skips.
 */
export function afterFinish(status: number, ctx: { id: number; halyk: boolean; cost?: string | null }): string {
  if (status === DECLARATION_STATUS.ADDITIONAL_PAYMENT) {
    const cost = ctx.cost ? `cost=${encodeURIComponent(ctx.cost)}&` : '';
    return `/app/payment/additional?${cost}declaration_id=${ctx.id}`;
  }
  if (!isPaid(status)) return '/app/payment';
  if (status === DECLARATION_STATUS.READY || ctx.halyk) return stepPath(STEPS.PREVIEW);
  return stepPath(STEPS.PERSONAL);
}

/** Step 6's main button: pay while unpaid, finish editing while editable, else just continue. */
export function calculationAction(status: number): 'pay' | 'finish' | 'continue' {
  if (!isPaid(status)) return 'pay';
  if (status === DECLARATION_STATUS.SIGN || status === DECLARATION_STATUS.READY) return 'continue';
  return 'finish';
}

/**
 * KZT with the active language's grouping (ru-RU '1 234,5 ₸', en '₸1,234.5') and up to 4 decimals, from a
 * decimal string (never through floats).
 */
export const formatAmount = (amount: string, locale?: string): string =>
  formatDecimal(amount, { locale, maxFraction: 4, trimZeros: true, minus: '−', tenge: true });

/**
 * A form figure in whole tenge, as the declaration prints it (packages/documents wholeTenge): under half a
 * tenge is dropped, half and more rounds up, away from zero. Exact on the decimal string (BigInt, no floats).
 */
export function wholeTenge(amount: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!m) return amount;
  const [, sign, int = '0', frac = ''] = m;
  const whole = BigInt(int) + (frac !== '' && Number(frac[0]) >= 5 ? 1n : 0n);
  return whole === 0n ? '0' : `${sign}${whole}`;
}

/** A line of the form: whole tenge with grouping ('1 235 ₸'), the figure that goes to the declaration. */
export const formatFormAmount = (amount: string, locale?: string): string => formatAmount(wholeTenge(amount), locale);

/** A JSON answer to a PDF/Excel download: the file is too large and will be emailed (texts in MSG). */
export const isEmailedAnswer = (v: unknown): v is { message: string } =>
  typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string';

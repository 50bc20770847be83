/**
 * The one place that decides where a report row goes in the declaration (section, operation type,
 * market, security type). Parsers describe what happened; these rules decide how it is declared.
 */
import { operationTypeId as op } from '@deklarant/contracts';
import { tx } from './texts.ts';
import type { MarketKind, SectionKey, SecurityKind } from './types.ts';
import { looseKey } from './values.ts';

/** Operation type ids (1-based order of reference.ts). */
export const OP = {
  sale: op('Продажа'),
  exchangeOut: op('Обмен списание'),
  purchase: op('Покупка'),
  exchangeIn: op('Обмен зачисление'),
  repayment: op('Погашение облигации'),
  derivatives: op('Доходы по производным инструментам'),
  nonSecurityReward: op('Вознаграждение, полученное не по ЦБ'),
  dividend: op('Выплата дивиденда'),
  reward: op('Выплата вознаграждения'),
} as const;

/** Kazakhstan venues (KASE, AIX, ITS): sales there through a KZ broker go to section 1A. */
const KZ_VENUES = new Set(['KASE', 'AIX', 'ITS', 'KZ', 'KAZ', 'АIX']);
const KZ_VENUE_WORDS = /(^|\W)(KASE|AIX|ITS|КФБ|МФЦА)(\W|$)/i;

/** Market of a venue name or a ticker suffix (".KZ"); null when the report does not say. */
export function marketOf(venue: string | null | undefined): MarketKind | null {
  if (!venue) return null;
  const v = venue.trim().toUpperCase();
  if (!v) return null;
  if (KZ_VENUES.has(v) || KZ_VENUE_WORDS.test(v) || v.endsWith('.KZ')) return 'KZ';
  return 'foreign';
}

const SECURITY_WORDS: [RegExp, SecurityKind][] = [
  [/^(STK|COMMON|STOCKS?|SHARES?|EQUITY|1|АКЦИ[ЯИ]|АКЦИЯ|ОБЫКНОВЕННАЯ|ПРИВИЛЕГИРОВАННАЯ)$/i, 'share'],
  [/^(BOND|BONDS|BILL|2|ОБЛИГАЦИ[ЯИ]|ЕВРООБЛИГАЦИ[ЯИ])$/i, 'bond'],
  [/^(FUND|ETF|ETFS?|ПИФ|ETF-ФОНД|ПАИ|ПАЙ|ФОНД)$/i, 'fund'],
  [/^(ADR|GDR|DR|ДЕПОЗИТАРНАЯ РАСПИСКА|ДР)$/i, 'depositary_receipt'],
  [/^(OPT|FUT|FOP|WAR|CFD|FXCFD|IOPT|FSFOP|FSOPT|3|4|OPTIONS?|FUTURES?|ДЕРИВАТИВ|ОПЦИОН|ФЬЮЧЕРС)$/i, 'derivative'],
  [/^(CRYPTO|CRYPTOCURRENCY|DIGITAL|ЦИФРОВОЙ АКТИВ|КРИПТОВАЛЮТА)$/i, 'digital_asset'],
  [/^(CASH|FOREX|FX|6|14|ВАЛЮТА)$/i, 'currency'],
];

/** Security type from the report's own category word (IB assetCategory, Tradernet instr_type, our template). */
export function securityKindOf(word: string | number | null | undefined): SecurityKind | null {
  if (word === null || word === undefined) return null;
  const w = String(word).trim();
  if (!w) return null;
  for (const [re, kind] of SECURITY_WORDS) if (re.test(w)) return kind;
  if (/options|futures|warrant/i.test(w)) return 'derivative';
  if (/bond|облигац/i.test(w)) return 'bond';
  if (/stock|акци/i.test(w)) return 'share';
  return 'other';
}

export interface Verdict {
  section: SectionKey;
  operation_type_id: number | null;
  status: 1 | null;
  comment: string | null;
}

const ok = (section: SectionKey, operation_type_id: number | null): Verdict => ({
  section,
  operation_type_id,
  status: null,
  comment: null,
});
const unsure = (section: SectionKey, operation_type_id: number | null, comment: string): Verdict => ({
  section,
  operation_type_id,
  status: 1,
  comment,
});

export interface TradeFacts {
  side: 'buy' | 'sell';
  brokerIsKz: boolean;
  market: MarketKind | null;
  security: SecurityKind | null;
  /** crypto paid with crypto (not fiat or a USD stablecoin): an exchange, not a sale */
  cryptoSwap?: boolean;
}

/**
 * Sales: through a KZ broker on a KZ venue → 1A; through a foreign broker, or on a foreign exchange,
 * and all digital assets → 2. Purchases → purchase section (FIFO lots are built from them by the engine).
 * Derivatives are not mapped automatically. Currency conversions are not deals: null means skip.
 */
export function classifyTrade(t: TradeFacts): Verdict | null {
  if (t.security === 'currency') return null;
  const buy = t.side === 'buy';
  if (t.security === 'derivative') {
    return unsure(
      buy ? 'purchase_transaction_section' : 'first_section_c',
      buy ? OP.purchase : OP.derivatives,
      tx('comment.derivative'),
    );
  }
  if (buy) return ok('purchase_transaction_section', t.cryptoSwap ? OP.exchangeIn : OP.purchase);
  const opId = t.cryptoSwap ? OP.exchangeOut : OP.sale;
  if (t.security === 'digital_asset') return ok('second_section', opId);
  if (t.brokerIsKz && t.market !== 'foreign') return ok('first_section_a', opId);
  return ok('second_section', opId);
}

export type IncomeKind = 'dividend' | 'coupon' | 'interest' | 'repayment';

export interface IncomeFacts {
  kind: IncomeKind;
  brokerIsKz: boolean;
  /** issuer country, alpha-3 */
  country: string | null;
  market: MarketKind | null;
}

/**
 * Dividends: KZ issuer → 1B, foreign issuer → 3. Coupons and bond repayments: KZ issuer → 1B,
 * foreign → 4. Interest on a foreign broker's cash → 4 ("not from securities"). When the issuer
 * country is unknown the market (or the broker) decides and the deal is flagged for a check.
 */
export function classifyIncome(f: IncomeFacts): Verdict {
  const opId =
    f.kind === 'dividend'
      ? OP.dividend
      : f.kind === 'repayment'
        ? OP.repayment
        : f.kind === 'coupon'
          ? OP.reward
          : OP.nonSecurityReward;
  const foreignSection: SectionKey = f.kind === 'dividend' ? 'third_section' : 'fourth_section';
  if (f.kind === 'interest') {
    return f.brokerIsKz ? unsure('first_section_b', opId, tx('comment.kzBrokerInterest')) : ok('fourth_section', opId);
  }
  if (f.country === 'KAZ') return ok('first_section_b', opId);
  if (f.country) return ok(foreignSection, opId);
  const kz = f.market ? f.market === 'KZ' : f.brokerIsKz;
  return unsure(kz ? 'first_section_b' : foreignSection, opId, tx('comment.issuerCountryUnknown'));
}

/** Foreign securities only: KZ-registered paper does not belong to foreign property. */
export const isForeignHolding = (country: string | null) => country !== 'KAZ';

/** USD-pegged stablecoins are priced as USD; other quote assets have no National Bank rate. */
export const USD_STABLECOINS = new Set(['USDT', 'USDC', 'BUSD', 'FDUSD', 'TUSD', 'USDP', 'DAI']);
export const FIAT = new Set(['USD', 'EUR', 'GBP', 'KZT', 'RUB', 'TRY', 'UAH', 'BRL', 'AUD', 'JPY', 'CHF', 'CNY']);

/** A currency name compared without case, spaces or ё */
const fxKey = looseKey;
/**
 * An exchange currency or precious-metal instrument, not a security: `USDRUB_TOM`, `CNYRUB_TOM`,
 * `EUR_RUB__TOD`, `GLDRUB_TOM` (their codes `USD000UTSTOM`, `USD000000TOD`, swaps `USD000TODTOM`), or a
 * currency by its Russian name (`Доллар США`).
 */
const FX_CODE = /^[A-Z]{3}_?RUB_*(TOD|TOM|SPT)\b|^[A-Z]{3}000[A-Z0-9]*(TOD|TOM)$/;
const FX_NAMES = new Set(
  [
    'Доллар США',
    'Евро',
    'Юань',
    'Китайский юань',
    'Гонконгский доллар',
    'Фунт стерлингов',
    'Британский фунт',
    'Швейцарский франк',
    'Японская иена',
    'Японская йена',
    'Турецкая лира',
    'Казахстанский тенге',
    'Тенге',
    'Белорусский рубль',
    'Армянский драм',
    'Узбекский сум',
    'Киргизский сом',
    'Таджикский сомони',
    'Дирхам ОАЭ',
    'Золото',
    'Серебро',
  ].map(fxKey),
);
export const isCurrencyTrade = (code: string, name: string) =>
  FX_CODE.test(code) || FX_CODE.test(name.toUpperCase()) || FX_NAMES.has(fxKey(name));

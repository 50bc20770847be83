import { createHash } from 'node:crypto';
import { money } from '@deklarant/contracts';
import {
  classifyIncome,
  classifyTrade,
  countryFromIsin,
  type ImportedDeal,
  type MarketKind,
  type SecurityKind,
} from '@deklarant/importers';
import {
  isHalyk,
  PARTNER_MSG,
  PartnerError,
  type PartnerProvider,
  type PartnerQuery,
  type PartnerReport,
} from './partner.ts';

/**
 * The deterministic sandbox partner (docs/adr/2026-11-22-sandboxes.md): demo clients '10001', '10002' and '10003'
 * with realistic portfolios of a Kazakhstan broker that also trades abroad. Every answer is a pure
 * function of (client, bank, year): no randomness, no clock. bank_name 'halykfinance' selects the
 * bank partner's variant (its broker name and source keys).
 */

interface Security {
  name: string;
  isin: string | null;
  ticker: string;
  security: SecurityKind;
  exchange: string;
  market: MarketKind;
  currency: string;
}

type Event =
  | { t: 'buy' | 'sell'; s: Security; date: string; qty: string; total: string; fee: string }
  | { t: 'dividend' | 'coupon' | 'repayment'; s: Security; date: string; amount: string; tax?: string }
  | { t: 'position'; s: Security; qty: string };

const SEC = {
  aapl: {
    name: 'APPLE INC',
    isin: 'US0378331005',
    ticker: 'AAPL',
    security: 'share',
    exchange: 'NASDAQ',
    market: 'foreign',
    currency: 'USD',
  },
  msft: {
    name: 'MICROSOFT CORP',
    isin: 'US5949181045',
    ticker: 'MSFT',
    security: 'share',
    exchange: 'NASDAQ',
    market: 'foreign',
    currency: 'USD',
  },
  ko: {
    name: 'COCA-COLA CO',
    isin: 'US1912161007',
    ticker: 'KO',
    security: 'share',
    exchange: 'NYSE',
    market: 'foreign',
    currency: 'USD',
  },
  kspi: {
    name: 'АО "Kaspi.kz"',
    isin: 'KZ1C00011611',
    ticker: 'KSPI',
    security: 'share',
    exchange: 'KASE',
    market: 'KZ',
    currency: 'KZT',
  },
  hsbk: {
    name: 'АО "Народный сберегательный банк Казахстана"',
    isin: 'KZ000A0LE0S4',
    ticker: 'HSBK',
    security: 'share',
    exchange: 'KASE',
    market: 'KZ',
    currency: 'KZT',
  },
  kzap: {
    name: 'АО "НАК "Казатомпром"',
    isin: 'KZ1C00000876',
    ticker: 'KZAP',
    security: 'share',
    exchange: 'KASE',
    market: 'KZ',
    currency: 'KZT',
  },
  ust: {
    name: 'US TREASURY 4 1/2 10/31/25',
    isin: 'US91282CJL54',
    ticker: 'T 4 1/2 10/31/25',
    security: 'bond',
    exchange: 'OTC',
    market: 'foreign',
    currency: 'USD',
  },
  meukam: {
    name: 'МЕУКАМ-120 (МинФин РК)',
    isin: 'KZKD00000998',
    ticker: 'MUM120_0017',
    security: 'bond',
    exchange: 'KASE',
    market: 'KZ',
    currency: 'KZT',
  },
  kztk: {
    name: 'АО "Казахтелеком" облигации',
    isin: 'KZ2C00006658',
    ticker: 'KZTKb4',
    security: 'bond',
    exchange: 'KASE',
    market: 'KZ',
    currency: 'KZT',
  },
  btc: {
    name: 'Bitcoin',
    isin: null,
    ticker: 'BTC',
    security: 'digital_asset',
    exchange: 'Криптобиржа',
    market: 'foreign',
    currency: 'USD',
  },
  eth: {
    name: 'Ethereum',
    isin: null,
    ticker: 'ETH',
    security: 'digital_asset',
    exchange: 'Криптобиржа',
    market: 'foreign',
    currency: 'USD',
  },
} satisfies Record<string, Security>;

/** Portfolios by client id; dates are day.month, the year comes from the query. */
const PORTFOLIOS: Record<string, (y: number) => Event[]> = {
  // Shares at home and in the US, dividends with US withholding, a Treasury with coupon and repayment, crypto.
  '10001': (y) => [
    { t: 'buy', s: SEC.aapl, date: `15.12.${y - 1}`, qty: '20', total: '3800.00', fee: '1.20' },
    { t: 'buy', s: SEC.ust, date: `10.01.${y}`, qty: '5', total: '4900.00', fee: '2.50' },
    { t: 'buy', s: SEC.msft, date: `05.02.${y}`, qty: '10', total: '4055.00', fee: '1.00' },
    { t: 'buy', s: SEC.btc, date: `10.02.${y}`, qty: '0.05', total: '2250.00', fee: '2.25' },
    { t: 'buy', s: SEC.kspi, date: `12.03.${y}`, qty: '100', total: '4500000.00', fee: '2250.00' },
    { t: 'dividend', s: SEC.kspi, date: `25.04.${y}`, amount: '85000.00' },
    { t: 'dividend', s: SEC.aapl, date: `16.05.${y}`, amount: '5.00', tax: '0.50' },
    { t: 'sell', s: SEC.aapl, date: `14.06.${y}`, qty: '12', total: '2584.80', fee: '1.10' },
    { t: 'dividend', s: SEC.msft, date: `13.06.${y}`, amount: '8.30', tax: '0.83' },
    { t: 'coupon', s: SEC.ust, date: `30.04.${y}`, amount: '112.50' },
    { t: 'sell', s: SEC.kspi, date: `18.09.${y}`, qty: '40', total: '2080000.00', fee: '1040.00' },
    { t: 'repayment', s: SEC.ust, date: `31.10.${y}`, amount: '5000.00' },
    { t: 'sell', s: SEC.btc, date: `20.11.${y}`, qty: '0.02', total: '1300.00', fee: '1.30' },
    { t: 'position', s: SEC.aapl, qty: '8' },
    { t: 'position', s: SEC.msft, qty: '10' },
  ],
  // Bonds: a KZ government bond and a corporate bond with coupons and repayment, a few KZ shares.
  '10002': (y) => [
    { t: 'buy', s: SEC.meukam, date: `20.11.${y - 1}`, qty: '1000', total: '980000.00', fee: '980.00' },
    { t: 'buy', s: SEC.kztk, date: `15.01.${y}`, qty: '500', total: '510000.00', fee: '510.00' },
    { t: 'buy', s: SEC.hsbk, date: `01.02.${y}`, qty: '1000', total: '231000.00', fee: '230.00' },
    { t: 'coupon', s: SEC.meukam, date: `20.05.${y}`, amount: '52500.00' },
    { t: 'coupon', s: SEC.kztk, date: `15.07.${y}`, amount: '28750.00' },
    { t: 'dividend', s: SEC.hsbk, date: `28.06.${y}`, amount: '38640.00' },
    { t: 'sell', s: SEC.hsbk, date: `02.09.${y}`, qty: '600', total: '165000.00', fee: '165.00' },
    { t: 'repayment', s: SEC.meukam, date: `20.11.${y}`, amount: '1000000.00' },
    { t: 'coupon', s: SEC.meukam, date: `20.11.${y}`, amount: '52500.00' },
  ],
  // Crypto and US dividend payers, a Kazatomprom sale.
  '10003': (y) => [
    { t: 'buy', s: SEC.eth, date: `03.10.${y - 1}`, qty: '1.5', total: '2475.00', fee: '2.48' },
    { t: 'buy', s: SEC.ko, date: `08.01.${y}`, qty: '50', total: '3050.00', fee: '1.50' },
    { t: 'buy', s: SEC.kzap, date: `22.01.${y}`, qty: '30', total: '565500.00', fee: '565.00' },
    { t: 'buy', s: SEC.btc, date: `14.03.${y}`, qty: '0.1', total: '6900.00', fee: '6.90' },
    { t: 'dividend', s: SEC.ko, date: `01.04.${y}`, amount: '24.25', tax: '2.43' },
    { t: 'dividend', s: SEC.ko, date: `01.07.${y}`, amount: '24.25', tax: '2.43' },
    { t: 'sell', s: SEC.eth, date: `11.03.${y}`, qty: '1', total: '3900.00', fee: '3.90' },
    { t: 'sell', s: SEC.kzap, date: `15.08.${y}`, qty: '30', total: '612000.00', fee: '612.00' },
    { t: 'sell', s: SEC.btc, date: `05.12.${y}`, qty: '0.04', total: '3880.00', fee: '3.88' },
    { t: 'position', s: SEC.ko, qty: '50' },
  ],
};

const key = (bank: string, client: string, year: number, i: number, what: string) =>
  `partner-${createHash('sha256').update(`${bank}|${client}|${year}|${i}|${what}`).digest('hex').slice(0, 32)}`;

function toDeals(events: Event[], q: PartnerQuery, bank: string, brokerIsKz: boolean): ImportedDeal[] {
  const out: ImportedDeal[] = [];
  events.forEach((e, i) => {
    const s = e.s;
    const country = countryFromIsin(s.isin);
    const base = {
      transaction_date: 'date' in e ? e.date : `31.12.${q.year}`,
      name_security: s.name,
      isin_security: s.isin,
      ticker: s.ticker,
      currency_code: s.currency,
      country_code: country,
      market: s.market,
      foreign_broker: !brokerIsKz,
      exchange: s.exchange,
      type_of_security: s.security,
      bank_name: null,
      commission: null,
      foreign_tax_credit: null,
      amount_in_currency: null,
      sale_closing_cost: null,
      purchase_opening_cost: null,
      quantity: null,
      status: null,
      comment: null,
      row: `Операция №${i + 1}`,
      source_key: key(bank, q.clientId, q.year, i, e.t),
    } satisfies Partial<ImportedDeal>;
    if (e.t === 'buy' || e.t === 'sell') {
      const v = classifyTrade({ side: e.t, brokerIsKz, market: s.market, security: s.security });
      if (!v) return;
      const total = money.toFixed(e.total, 2);
      out.push({
        ...base,
        section: v.section,
        kind: e.t === 'buy' ? 'purchase' : 'sale',
        operation_type_id: v.operation_type_id,
        quantity: e.qty,
        sale_closing_cost: e.t === 'sell' ? total : null,
        purchase_opening_cost: e.t === 'buy' ? total : null,
        commission: e.fee,
        status: v.status,
        comment: v.comment,
      });
    } else if (e.t === 'position') {
      if (country === 'KAZ') return;
      out.push({
        ...base,
        section: 'sixth_section_first_part',
        kind: 'position',
        operation_type_id: null,
        quantity: e.qty,
      });
    } else if (e.t === 'dividend' || e.t === 'coupon' || e.t === 'repayment') {
      const v = classifyIncome({ kind: e.t, brokerIsKz, country, market: s.market });
      out.push({
        ...base,
        section: v.section,
        kind: e.t,
        operation_type_id: v.operation_type_id,
        sale_closing_cost: e.amount,
        foreign_tax_credit: e.tax ?? null,
        status: v.status,
        comment: v.comment,
      });
    }
  });
  return out;
}

export function sandboxPartner(): PartnerProvider {
  return {
    kind: 'sandbox',
    async fetchDeals(q: PartnerQuery): Promise<PartnerReport> {
      const portfolio = PORTFOLIOS[q.clientId];
      if (!portfolio) throw new PartnerError(404, PARTNER_MSG.clientNotFound);
      const halyk = isHalyk(q.bankName);
      const bank = halyk ? 'halykfinance' : (q.bankName ?? 'demo').toLowerCase();
      return {
        broker: halyk ? 'Halyk Finance' : 'Демо-брокер (песочница)',
        clientId: q.clientId,
        deals: toDeals(portfolio(q.year), q, bank, true),
        errors: [],
        skipped: [],
      };
    },
  };
}

/** Turns parser events into declaration deals: classification, tax attachment, source keys. */
import { classifyIncome, classifyTrade, type IncomeKind, isForeignHolding, marketOf, OP } from './classify.ts';
import { corporateComment, markSplit, splitNoRatioNote, splitSkipReason } from './corporate.ts';
import { countryFromIsin } from './countries.ts';
import type { CorporateEvent, IncomeEvent, ParsedReport, ReportEvent, TaxEvent } from './events.ts';
import { Tally } from './reconcile.ts';
import { SourceKeys } from './source-key.ts';
import { tx } from './texts.ts';
import type { ImportedDeal, ImportedSplit, ImportResult, MarketKind, SkippedRow } from './types.ts';
import { abs, add, dateSortKey, daysBetween, isNegative, isZero, looksLikeFormula } from './values.ts';

const TEXT_FIELDS = ['name_security', 'ticker', 'comment', 'bank_name', 'exchange'] as const;

type Draft = Omit<
  ImportedDeal,
  | 'isin_security'
  | 'ticker'
  | 'quantity'
  | 'sale_closing_cost'
  | 'purchase_opening_cost'
  | 'commission'
  | 'foreign_tax_credit'
  | 'amount_in_currency'
  | 'country_code'
  | 'exchange'
  | 'type_of_security'
  | 'bank_name'
  | 'status'
  | 'comment'
  | 'formula_fields'
> &
  Partial<ImportedDeal>;

function deal(d: Draft): ImportedDeal {
  const out: ImportedDeal = {
    section: d.section,
    kind: d.kind,
    operation_type_id: d.operation_type_id,
    transaction_date: d.transaction_date,
    name_security: d.name_security,
    isin_security: d.isin_security ?? null,
    ticker: d.ticker ?? null,
    quantity: d.quantity ?? null,
    currency_code: d.currency_code,
    sale_closing_cost: d.sale_closing_cost ?? null,
    purchase_opening_cost: d.purchase_opening_cost ?? null,
    commission: d.commission ?? null,
    foreign_tax_credit: d.foreign_tax_credit ?? null,
    amount_in_currency: d.amount_in_currency ?? null,
    country_code: d.country_code ?? null,
    market: d.market,
    foreign_broker: d.foreign_broker,
    exchange: d.exchange ?? null,
    type_of_security: d.type_of_security ?? null,
    bank_name: d.bank_name ?? null,
    source_key: d.source_key,
    status: d.status ?? null,
    comment: d.comment ?? null,
    row: d.row,
  };
  if (d.commission_currency) out.commission_currency = d.commission_currency;
  if (d.corporate_action) out.corporate_action = d.corporate_action;
  if (d.carry_from) out.carry_from = d.carry_from;
  let formula: (typeof TEXT_FIELDS)[number][] | undefined;
  for (const f of TEXT_FIELDS) {
    if (!looksLikeFormula(out[f])) continue;
    formula ??= [];
    formula.push(f);
  }
  if (formula) out.formula_fields = formula;
  return out;
}

interface IncomeGroup {
  first: IncomeEvent;
  kind: IncomeKind;
  amount: string;
  tax: string | null;
  rows: (number | string)[];
  identity: unknown[];
  slot: number;
  /** why a tax of another date was attached (a correction later in the year) */
  note?: string;
  /** the first flag of the group's rows (a later row's flag is not lost behind an unflagged first one) */
  flag: string | null;
}

interface TaxGroup {
  first: TaxEvent;
  amount: string;
  rows: (number | string)[];
  identity: unknown[];
}

const joinComments = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ') || null;

const secId = (e: { isin: string | null; ticker: string | null; name: string }) => e.isin ?? e.ticker ?? e.name;
const rowsLabel = (rows: (number | string)[]) => (rows.length === 1 ? rows[0]! : rows.join(', '));

export function assemble(p: ParsedReport): ImportResult {
  const keys = new SourceKeys(p.broker, p.family);
  const out: (ImportedDeal | null)[] = [];
  /** rows skipped here; the parser's own come first (its list is complete once the events are read) */
  const skipped: SkippedRow[] = [];
  const incomes = new Map<string, IncomeGroup>();
  const taxes = new Map<string, TaxGroup>();
  const countryOf = (e: { country?: string | null; isin: string | null }) => e.country ?? countryFromIsin(e.isin);
  const marketOfEvent = (e: { market?: MarketKind | null; exchange?: string | null }) =>
    e.market ?? marketOf(e.exchange);
  const defaultMarket: MarketKind = p.brokerIsKz ? 'KZ' : 'foreign';
  const tally = new Tally();
  const notes: string[] = [];
  const splits: { e: CorporateEvent; split: ImportedSplit | null }[] = [];
  /** old shares given up in a stock merger, and the new shares received without a cost, by day */
  const givenUp: CorporateEvent[] = [];
  const received: { e: CorporateEvent; deal: ImportedDeal }[] = [];

  const addIncome = (e: IncomeEvent) => {
    const k = `${secId(e)}|${e.currency}|${e.date}|${e.kind}`;
    const g = incomes.get(k);
    if (g) {
      g.amount = add(g.amount, e.amount);
      g.rows.push(e.row);
      g.identity.push(...e.identity);
      g.flag ??= e.flag ?? null;
    } else {
      incomes.set(k, {
        first: e,
        kind: e.kind,
        amount: e.amount,
        tax: null,
        rows: [e.row],
        identity: [...e.identity],
        slot: out.push(null) - 1,
        flag: e.flag ?? null,
      });
    }
  };

  /** A corporate action (formats/corporate-actions.md): a disposal, an acquisition, income or a split. */
  const corporate = (e: CorporateEvent) => {
    const foreignBroker = !(e.brokerIsKz ?? p.brokerIsKz);
    const market = marketOfEvent(e) ?? defaultMarket;
    const comment = corporateComment(e);
    const qty = e.quantity ? abs(e.quantity) : null;
    // what every deal made from the action says of the security, the broker and the day
    const held = {
      transaction_date: e.date,
      name_security: e.name,
      isin_security: e.isin,
      ticker: e.ticker,
      quantity: qty,
      currency_code: e.currency,
      country_code: countryOf(e),
      market,
      foreign_broker: foreignBroker,
      exchange: e.exchange ?? null,
    };
    switch (e.action) {
      case 'split': {
        if (e.renamed?.side === 'new') {
          // the new ISIN's lots are the old one's (the other line of the same split): nothing to add here
          skipped.push({ row: e.row, reason: tx('skip.splitNewIsin', { comment, isin: e.renamed.from }) });
          return;
        }
        // marked on this report's deals once all are read (a split may come before its trades)
        splits.push({
          e,
          split: e.ratio
            ? {
                isin_security: e.isin,
                name_security: e.name,
                ticker: e.ticker,
                transaction_date: e.date,
                ratio: e.ratio,
                ...(e.renamed ? { renamed_to: e.renamed.to } : {}),
                description: e.description,
                source_key: keys.key('corporate', ...e.identity),
                row: e.row,
              }
            : null,
        });
        return;
      }
      case 'coupon':
        addIncome({ ...e, type: 'income', kind: 'coupon', amount: e.amount ?? '0', quantity: qty });
        return;
      case 'maturity': {
        const verdict = classifyIncome({
          kind: 'repayment',
          brokerIsKz: !foreignBroker,
          country: countryOf(e),
          market,
        });
        const noCost = !e.cost;
        out.push(
          deal({
            section: verdict.section,
            kind: 'repayment',
            operation_type_id: verdict.operation_type_id,
            ...held,
            sale_closing_cost: e.amount ?? '0',
            purchase_opening_cost: e.cost ?? null,
            type_of_security: 'bond',
            source_key: keys.key('corporate', ...e.identity),
            status: verdict.status ?? (noCost ? 1 : null),
            comment: joinComments(comment, verdict.comment, noCost ? tx('comment.maturityNoCost') : null),
            row: e.row,
            corporate_action: 'maturity',
          }),
        );
        return;
      }
      case 'cash_merger':
      case 'tender':
      case 'delisted': {
        if (e.quantity && !e.quantity.startsWith('-') && (!e.amount || isZero(e.amount))) {
          skipped.push({ row: e.row, reason: tx('skip.creditWithoutPayment', { comment }) });
          return;
        }
        const verdict = classifyTrade({
          side: 'sell',
          brokerIsKz: !foreignBroker,
          market,
          security: e.security ?? null,
        });
        if (!verdict) return;
        out.push(
          deal({
            section: verdict.section,
            kind: 'sale',
            operation_type_id: verdict.operation_type_id,
            ...held,
            sale_closing_cost: e.amount ? abs(e.amount) : '0',
            purchase_opening_cost: e.cost ?? null,
            type_of_security: e.security ?? null,
            source_key: keys.key('corporate', ...e.identity),
            status: verdict.status ?? (e.flag ? 1 : null),
            comment: joinComments(comment, verdict.comment, e.flag),
            row: e.row,
            corporate_action: e.action,
          }),
        );
        return;
      }
      default: {
        // stock-for-stock merger, spin-off, stock dividend: the shares received are an acquisition whose
        // cost is carried over (or zero); the shares given up are not a disposal
        if (!e.quantity || e.quantity.startsWith('-')) {
          if (e.action === 'stock_merger' && e.quantity) givenUp.push(e);
          skipped.push({
            row: e.row,
            reason: tx('skip.oldSharesGivenUp', { comment }),
          });
          return;
        }
        const cost = e.cost ?? (e.action === 'stock_dividend' ? '0' : null);
        const made = deal({
          section: 'purchase_transaction_section',
          kind: 'purchase',
          operation_type_id: OP.exchangeIn,
          ...held,
          purchase_opening_cost: cost ?? '0',
          type_of_security: e.security ?? null,
          source_key: keys.key('corporate', ...e.identity),
          status: cost === null ? 1 : null,
          comment: joinComments(comment, cost === null ? tx('comment.mergerNoCost') : null),
          row: e.row,
          corporate_action: e.action,
        });
        out.push(made);
        if (cost === null && e.action === 'stock_merger') received.push({ e, deal: made });
      }
    }
  };

  for (const e of p.events) {
    tally.read(e, e.type === 'trade' && e.security === 'currency');
    switch (e.type) {
      case 'corporate':
        corporate(e);
        break;
      case 'trade': {
        const market = marketOfEvent(e);
        const verdict = classifyTrade({
          side: e.side,
          brokerIsKz: e.brokerIsKz ?? p.brokerIsKz,
          market,
          security: e.security ?? null,
          cryptoSwap: e.cryptoSwap ?? false,
        });
        if (!verdict) {
          skipped.push({ row: e.row, reason: tx('skip.fxConversion') });
          break;
        }
        const sale = e.side === 'sell';
        const comment = verdict.comment || e.flag || e.note ? joinComments(verdict.comment, e.flag, e.note) : null;
        out.push(
          deal({
            section: verdict.section,
            kind: sale ? 'sale' : 'purchase',
            operation_type_id: verdict.operation_type_id,
            transaction_date: e.date,
            name_security: e.name,
            isin_security: e.isin,
            ticker: e.ticker,
            quantity: abs(e.quantity),
            currency_code: e.currency,
            sale_closing_cost: sale ? e.amount : null,
            purchase_opening_cost: sale ? (e.cost ?? null) : e.amount,
            commission: e.commission,
            commission_currency:
              e.commissionCurrency && e.commissionCurrency !== e.currency ? e.commissionCurrency : null,
            country_code: countryOf(e),
            market: market ?? defaultMarket,
            foreign_broker: !(e.brokerIsKz ?? p.brokerIsKz),
            exchange: e.exchange ?? null,
            type_of_security: e.security ?? null,
            source_key: keys.key('trade', ...e.identity),
            status: verdict.status ?? (e.flag ? 1 : null),
            comment,
            row: e.row,
          }),
        );
        break;
      }
      case 'income':
        addIncome(e);
        break;
      case 'tax': {
        const k = `${secId(e)}|${e.currency}|${e.date}|${e.on ?? ''}`;
        const g = taxes.get(k);
        if (g) {
          g.amount = add(g.amount, e.amount);
          g.rows.push(e.row);
          g.identity.push(...e.identity);
        } else taxes.set(k, { first: e, amount: e.amount, rows: [e.row], identity: [...e.identity] });
        break;
      }
      case 'position': {
        const country = countryOf(e);
        if (!isForeignHolding(country)) {
          skipped.push({ row: e.row, reason: tx('skip.kzSecurityPosition') });
          break;
        }
        out.push(
          deal({
            section: 'sixth_section_first_part',
            kind: 'position',
            operation_type_id: null,
            transaction_date: e.date,
            name_security: e.name,
            isin_security: e.isin,
            ticker: e.ticker,
            quantity: e.quantity,
            currency_code: e.currency,
            country_code: country,
            market: marketOfEvent(e) ?? defaultMarket,
            foreign_broker: !(e.brokerIsKz ?? p.brokerIsKz),
            exchange: e.exchange ?? null,
            type_of_security: e.security ?? null,
            source_key: keys.key('position', ...e.identity),
            status: e.flag ? 1 : null,
            comment: e.flag ?? null,
            row: e.row,
          }),
        );
        break;
      }
      case 'cash':
        out.push(
          deal({
            section: 'sixth_section_second_part',
            kind: 'cash_balance',
            operation_type_id: null,
            transaction_date: e.date,
            name_security: e.bank,
            currency_code: e.currency,
            amount_in_currency: e.amount,
            country_code: e.bankCountry,
            market: 'foreign',
            foreign_broker: !(e.brokerIsKz ?? p.brokerIsKz),
            bank_name: e.bank,
            source_key: keys.key('cash', ...e.identity),
            status: e.flag ? 1 : null,
            comment: e.flag ?? null,
            row: e.row,
          }),
        );
        break;
      case 'unknown':
        out.push(unknownDeal(e, keys, defaultMarket, !(e.brokerIsKz ?? p.brokerIsKz)));
        break;
    }
  }

  attachTaxes(incomes, taxes, out, keys, p, defaultMarket);

  for (const g of incomes.values()) {
    const e = g.first;
    const verdict = classifyIncome({
      kind: g.kind,
      brokerIsKz: e.brokerIsKz ?? p.brokerIsKz,
      country: countryOf(e),
      market: marketOfEvent(e),
    });
    let status = verdict.status ?? (g.flag ? 1 : null);
    let comment = joinComments(verdict.comment, g.flag, g.note);
    if (isZero(g.amount) && (g.tax === null || isZero(g.tax))) {
      skipped.push({ row: rowsLabel(g.rows), reason: tx('skip.paymentReversed') });
      continue;
    }
    if (isNegative(g.amount)) {
      status = 1;
      comment = tx('comment.reversalWithoutPayment');
    } else if (g.tax && isNegative(g.tax)) {
      status = 1;
      comment = tx('comment.taxRefundExceeds');
    }
    out[g.slot] = deal({
      section: verdict.section,
      kind: g.kind,
      operation_type_id: verdict.operation_type_id,
      transaction_date: e.date,
      name_security: e.name,
      isin_security: e.isin,
      ticker: e.ticker,
      quantity: e.quantity ?? null,
      currency_code: e.currency,
      sale_closing_cost: g.amount,
      foreign_tax_credit: g.tax,
      country_code: countryOf(e),
      market: marketOfEvent(e) ?? defaultMarket,
      foreign_broker: !(e.brokerIsKz ?? p.brokerIsKz),
      exchange: e.exchange ?? null,
      type_of_security: e.security ?? (g.kind === 'coupon' || g.kind === 'repayment' ? 'bond' : null),
      source_key: keys.key('income', g.kind, ...g.identity),
      status,
      comment,
      row: rowsLabel(g.rows),
    });
  }

  for (const r of received) carryFrom(r.e, r.deal, givenUp);

  for (const { e, split } of splits) {
    const marked = split ? markSplit(out, secId(e), e.date, split.ratio) : 0;
    skipped.push({ row: e.row, reason: splitSkipReason(e, marked) });
    if (!split) notes.push(splitNoRatioNote(e));
  }

  const deals = out.filter((d): d is ImportedDeal => d !== null);
  const allSkipped = [...p.skipped, ...skipped];
  // the parser's own skipped rows and row errors are rows read that never became events
  if (p.skipped.length) tally.count('skipped', p.skipped.length);
  if (p.errors.length) tally.count('error', p.errors.length);
  const result: ImportResult = {
    deals,
    errors: p.errors,
    skipped: allSkipped,
    broker: p.broker,
    format: p.format,
    reconciliation: tally.result(deals, allSkipped, p.errors.length, [...(p.notes ?? []), ...notes]),
  };
  const known = splits.flatMap((s) => (s.split ? [s.split] : []));
  if (known.length) result.splits = known;
  if (p.period) result.period = p.period;
  if (p.holder) result.holder = p.holder;
  return result;
}

/** "OLD(US0000000001) MERGED…": the security a broker's description names first, when it is not `isin`. */
const firstIsin = (description: string, isin: string | null) => {
  const m = /\(([A-Z]{2}[A-Z0-9]{9}\d)\)/.exec(description);
  return m && m[1] !== isin ? m[1]! : null;
};

/**
 * The old security of a stock merger's new shares: the line giving up shares of another security on the same
 * day (the only one, or the one the description names), else the ISIN the description names first. The
 * server carries that security's lot cost to the new shares (formats/corporate-actions.md).
 */
function carryFrom(e: CorporateEvent, d: ImportedDeal, givenUp: readonly CorporateEvent[]): void {
  const named = firstIsin(e.description, e.isin);
  const sameDay = givenUp.filter((g) => g.date === e.date && secId(g) !== secId(e));
  const old = sameDay.length === 1 ? sameDay[0]! : sameDay.find((g) => g.isin !== null && g.isin === named);
  if (old) {
    d.carry_from = {
      isin_security: old.isin,
      name_security: old.name,
      quantity: old.quantity ? abs(old.quantity) : null,
      share: '1',
    };
  } else if (named) d.carry_from = { isin_security: named, name_security: named, quantity: null, share: '1' };
}

/** Withholding tax joins its payment: same security and currency, same date, else the nearest within 10 days. */
function attachTaxes(
  incomes: Map<string, IncomeGroup>,
  taxes: Map<string, TaxGroup>,
  out: (ImportedDeal | null)[],
  keys: SourceKeys,
  p: ParsedReport,
  defaultMarket: MarketKind,
): void {
  const bySecurity = new Map<string, IncomeGroup[]>();
  for (const g of incomes.values()) {
    if (g.kind === 'interest') continue;
    const k = `${secId(g.first)}|${g.first.currency}`;
    const list = bySecurity.get(k);
    if (list) list.push(g);
    else bySecurity.set(k, [g]);
  }
  for (const t of taxes.values()) {
    const candidates = (bySecurity.get(`${secId(t.first)}|${t.first.currency}`) ?? []).filter(
      (g) => !t.first.on || g.kind === t.first.on,
    );
    let best: IncomeGroup | null = null;
    let bestDays = Number.POSITIVE_INFINITY;
    for (const g of candidates) {
      const days = daysBetween(g.first.date, t.first.date);
      if (days < bestDays) {
        best = g;
        bestDays = days;
      }
    }
    // beyond 10 days only a correction of the same year, after its payment, joins it (and says so)
    if (best && bestDays > 10) {
      const later = dateSortKey(t.first.date) > dateSortKey(best.first.date);
      const sameYear = t.first.date.slice(6) === best.first.date.slice(6);
      if (later && sameYear) {
        const note = tx('comment.taxCorrectedLater', { date: t.first.date, amount: t.amount });
        best.note = best.note ? `${best.note} ${note}` : note;
      } else best = null;
    }
    if (best) {
      best.tax = best.tax ? add(best.tax, t.amount) : t.amount;
      best.identity.push('tax', ...t.identity);
      // the tax rows are accounted for by the payment's deal
      for (const row of t.rows) if (!best.rows.includes(row)) best.rows.push(row);
      continue;
    }
    const e = t.first;
    const income = classifyIncome({
      kind: e.on ?? 'dividend',
      brokerIsKz: p.brokerIsKz,
      country: e.country ?? countryFromIsin(e.isin),
      market: e.market ?? null,
    });
    out.push(
      deal({
        section: income.section,
        kind: 'unknown',
        operation_type_id: income.operation_type_id,
        transaction_date: e.date,
        name_security: e.name,
        isin_security: e.isin,
        ticker: e.ticker,
        currency_code: e.currency,
        sale_closing_cost: '0',
        foreign_tax_credit: t.amount,
        country_code: e.country ?? countryFromIsin(e.isin),
        market: e.market ?? defaultMarket,
        foreign_broker: !(e.brokerIsKz ?? p.brokerIsKz),
        source_key: keys.key('tax', ...t.identity),
        status: 1,
        comment: tx('comment.taxWithoutPayment'),
        row: rowsLabel(t.rows),
      }),
    );
  }
}

function unknownDeal(
  e: Extract<ReportEvent, { type: 'unknown' }>,
  keys: SourceKeys,
  defaultMarket: MarketKind,
  foreignBroker: boolean,
): ImportedDeal {
  return deal({
    section: e.market === 'KZ' ? 'first_section_a' : 'second_section',
    kind: 'unknown',
    operation_type_id: null,
    transaction_date: e.date,
    name_security: e.name,
    isin_security: e.isin,
    ticker: e.ticker,
    quantity: e.quantity,
    currency_code: e.currency,
    sale_closing_cost: e.amount,
    country_code: e.country ?? countryFromIsin(e.isin),
    market: e.market ?? defaultMarket,
    foreign_broker: foreignBroker,
    exchange: e.exchange ?? null,
    type_of_security: e.security ?? null,
    source_key: keys.key('unknown', ...e.identity),
    status: 1,
    comment: e.comment,
    row: e.row,
  });
}

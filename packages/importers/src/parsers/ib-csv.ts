/**
 * Interactive Brokers Activity Statement CSV (packages/importers/formats/ib-activity-csv.md): Trades, Dividends,
 * Payment In Lieu Of Dividends, Withholding Tax, Interest (and its Broker/Bond Interest Received/Paid sections),
 * Corporate Actions, and the holdings at the statement's end (Open Positions, Cash Report). A statement in
 * Russian is read through the English names of its sections and columns (RU_SECTIONS, RU_COLUMNS).
 */

import { corporateKindOfText, renamedFields, splitGroupOf, splitRatioOf, splitRenames } from '../corporate.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent, TradeEvent } from '../events.ts';
import { type CsvRow, readCsv } from '../read/csv.ts';
import { tx } from '../texts.ts';
import type { SecurityKind } from '../types.ts';
import { abs, add, cmp, isNegative, isZero, mul, readDate, readDecimal, readIsin, text } from '../values.ts';
import { notYearEnd, RowReader } from './common.ts';
import {
  type Held,
  IB_BANK,
  IB_BROKER,
  ibSecurity,
  isinInText,
  negate,
  paidPartlyInShares,
  returnOfCapital,
  settleCancels,
  shortSale,
  withheldOn,
} from './ib-flex.ts';

type Rec = Record<string, string>;

/** A row of "Financial Instrument Information", by each of its symbols. */
interface Instrument {
  /** its Asset Category: Stocks, Bonds… */
  category: string;
  isin: string | null;
  name: string;
  /** COMMON, ETF, ADR, REIT… */
  type: string;
  exchange: string;
}

interface Section {
  header: string[];
  row: number;
  rec: Rec;
}

const CATEGORY: Record<string, SecurityKind> = {
  stocks: 'share',
  bonds: 'bond',
  // US T-bills, a category of their own in the statement ("B 07/10/25"); Flex calls them BILL
  'treasury bills': 'bond',
  forex: 'currency',
  crypto: 'digital_asset',
  'equity and index options': 'derivative',
  futures: 'derivative',
  'options on futures': 'derivative',
  warrants: 'derivative',
  cfds: 'derivative',
  funds: 'fund',
  // a statement in Russian
  акции: 'share',
  облигации: 'bond',
  'опционы на акции и индексы': 'derivative',
  варранты: 'derivative',
  фьючерсы: 'derivative',
  фонды: 'fund',
};

/** A total row: "Total", "Total in USD", "Total Dividends in USD"; "Всего"/"Итого" in a statement in Russian. */
const TOTAL = /^(Total|Всего|Итого)/i;

/**
 * A statement in Russian (the statement language chosen in IB's portal) translates the section and column names;
 * the figures, dates, currency codes, `Header`/`Data`/`Order` and most descriptions are as in English. Its
 * sections and columns are read under their English names; a section not listed here stays unread (and named in
 * the reconciliation note).
 */
const RU_SECTIONS: Record<string, string> = {
  Сделки: 'Trades',
  Дивиденды: 'Dividends',
  'Удерживаемый налог': 'Withholding Tax',
  Процент: 'Interest',
  Проценты: 'Interest',
  'Проценты по облигациям: получено': 'Bond Interest Received',
  'Корпоративные действия': 'Corporate Actions',
  'Информация о финансовом инструменте': 'Financial Instrument Information',
  'Открытые позиции': 'Open Positions',
  'Информация о счете': 'Account Information',
  'Изменение в NAV': 'Change in NAV',
  'Рыночная переоценка: отчет об эффективности': 'Mark-to-Market Performance Summary',
  'Внесение и вывод средств': 'Deposits & Withdrawals',
  Переводы: 'Transfers',
  'Сборы/комиссии': 'Fees',
};

const RU_COLUMNS: Record<string, string> = {
  'Название поля': 'Field Name',
  'Значение поля': 'Field Value',
  'Класс актива': 'Asset Category',
  Валюта: 'Currency',
  Символ: 'Symbol',
  'Дата/Время': 'Date/Time',
  Дата: 'Date',
  Количество: 'Quantity',
  'Цена транзакции': 'T. Price',
  'Цена закрытия': 'C. Price',
  Выручка: 'Proceeds',
  'Комиссия/плата': 'Comm/Fee',
  Базис: 'Basis',
  'Реализованная П/У': 'Realized P/L',
  'Рыноч. переоценка П/У': 'MTM P/L',
  Код: 'Code',
  Описание: 'Description',
  Сумма: 'Amount',
  Тип: 'Type',
};

/** The English name of a column of a statement in Russian ("Комиссия в USD" → "Comm in USD"). */
const englishColumn = (name: string): string =>
  RU_COLUMNS[name] ?? name.replace(/^Комиссия в ([A-Z]{3})$/, 'Comm in $1');

/** Our security kind of an IB asset category; the instrument's Type refines it as Flex's subCategory does (ETF, ADR). */
function securityOf(category: string, info: Instrument | undefined): SecurityKind | null {
  const type = text(info?.type).toUpperCase();
  if (type === 'ETF' || type === 'ADR' || type === 'GDR') return ibSecurity(category, type);
  return CATEGORY[category.toLowerCase()] ?? ibSecurity(category);
}

const CASH_COLUMNS = ['Currency', 'Date', 'Description', 'Amount'];

const REQUIRED: Record<string, string[]> = {
  Trades: ['Currency', 'Symbol', 'Date/Time', 'Quantity', 'Proceeds'],
  Dividends: CASH_COLUMNS,
  'Payment In Lieu Of Dividends': CASH_COLUMNS,
  'Withholding Tax': CASH_COLUMNS,
  Interest: CASH_COLUMNS,
  'Broker Interest Received': CASH_COLUMNS,
  'Bond Interest Received': CASH_COLUMNS,
  'Bond Interest Paid': CASH_COLUMNS,
};

/**
 * The cash sections read as income or tax, and what each row is. "Payment In Lieu Of Dividends" (a dividend paid
 * on shares lent out) is a dividend, as Flex's cash type of that name; some statements split "Interest" into
 * "Broker Interest Received" and "Broker Interest Paid" (read below as interest paid) and give bond coupons and
 * the accrued interest of bond trades in "Bond Interest Received" and "Bond Interest Paid" (coupon income; accrued
 * interest paid on a purchase reduces it, as Flex's "Bond Interest Paid").
 */
const CASH_SECTIONS = {
  Dividends: 'dividend',
  'Payment In Lieu Of Dividends': 'dividend',
  'Withholding Tax': 'tax',
  Interest: 'interest',
  'Broker Interest Received': 'interest',
  'Bond Interest Received': 'coupon',
  'Bond Interest Paid': 'coupon',
} as const;

/** Interest the account paid (margin, short stock borrow): an expense, not income. */
const INTEREST_PAID = /Debit Interest|Borrow Fee|Дебетов/i;

/** "Purchase Accrued Interest T 4 3/8 11/30/28" → the bond's symbol, as in Financial Instrument Information. */
const ACCRUED_BOND = /^(?:Purchase|Sold|Sale) Accrued Interest\s+(.+)$/i;

/**
 * The row's own security of a corporate action, named last: "JNJ(US4781601046) Merged(Voluntary Offer Allocation)
 * WITH US49177J1025 20081 for 2500 (KVUE, KENVUE INC, US49177J1025)" receives KVUE; "MMM(US88579Y1010) Spinoff
 * 1 for 4 (SOLV, SOLVENTUM CORP-W/I, US83444M1018)" receives SOLV. The security named first is the one acted on.
 */
const OWN_SECURITY = /\(([^(),]+),\s*(.+),\s*([A-Z]{2}[A-Z0-9]{9}\d)\)\s*$/;

/** "Basis: 2044.56" of a corporate action's "Closed Lot:" row. */
const LOT_BASIS = /^Basis:\s*(\S+)/i;

/**
 * The "Corporate Actions" section (formats/corporate-actions.md): the description names the action
 * ("Split 4 for 1", "Merged(Acquisition)", "Tendered", "Matured", "Spinoff") and the security. A disposal (a bond
 * called or matured, a cash merger) may be followed by its lots ("Closed Lot:" in Report Date, "Basis: 2044.56"
 * in Description): when they cover the whole quantity their bases are the cost of the shares or bonds given up.
 */
function corporateActions(
  list: { row: number; rec: Record<string, string> }[],
  instruments: Map<string, Instrument>,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  type Lot = { row: number; date: string; quantity: string | null; basis: string | null };
  const rows: {
    row: number;
    rec: Rec;
    description: string;
    date: string;
    currency: string;
    quantity: string | null;
    cash: string | null;
    kind: ReturnType<typeof corporateKindOfText>;
    lots: Lot[];
  }[] = [];
  for (const { row, rec } of list) {
    if (TOTAL.test(text(rec['Asset Category'])) || TOTAL.test(text(rec.Currency))) continue;
    const description = text(rec.Description);
    if (/^Closed Lot/i.test(text(rec['Report Date']))) {
      const basis = LOT_BASIS.exec(description)?.[1];
      rows.at(-1)?.lots.push({
        row,
        date: readDate(rec['Date/Time']) ?? text(rec['Date/Time']),
        quantity: readDecimal(rec.Quantity) ?? null,
        basis: basis ? (readDecimal(basis) ?? null) : null,
      });
      if (!rows.length) skipped.push({ row, reason: tx('skip.corporateNoCash', { description }) });
      continue;
    }
    const date = r.date(row, 'Date/Time', rec['Date/Time'] || rec['Report Date']);
    const currency = r.currency(row, 'Currency', rec.Currency);
    const quantity = r.optionalNumber(row, 'Quantity', rec.Quantity);
    const proceeds = r.optionalNumber(row, 'Proceeds', rec.Proceeds);
    if (!date || !currency || quantity === false || proceeds === false) continue;
    const cash = proceeds && !isZero(proceeds) ? abs(proceeds) : null;
    const kind = corporateKindOfText(description, cash !== null);
    rows.push({ row, rec, description, date, currency, quantity, cash, kind, lots: [] });
  }
  // a split that gives a new ISIN keeps both rows (corporate.ts splitRenames): the new shares take the old cost
  const splitRows = rows.filter((x) => x.kind === 'split');
  const renames = new Map(
    splitRenames(
      splitRows.map((x) => ({
        group: splitGroupOf(x.date, x.description),
        own: null,
        description: x.description,
        quantity: x.quantity,
      })),
    ).map((v, i) => [splitRows[i]!, v]),
  );
  const splits = new Set<string>();
  for (const x of rows) {
    const { row, rec, description, date, currency, quantity, cash, kind } = x;
    // a bond's or T-bill's symbol has spaces: "T 4 1/2 11/29/24 (US91282CFG10) Matured", "B 07/10/25 (US…) Matured"
    const m = DESCRIPTION_ID.exec(description) ?? SPACED_ID.exec(description);
    const symbol = m?.[1] ?? null;
    // the row's own security, named last, when it is not the one acted on (shares received in a merger or spin-off)
    const own = kind !== 'split' ? OWN_SECURITY.exec(description) : null;
    const ticker = own ? own[1]!.trim() : symbol;
    const info = ticker ? instruments.get(ticker) : undefined;
    const cost = lotsCost(x.lots, quantity);
    for (const lot of x.lots) {
      const values = { date: lot.date, basis: lot.basis ?? '' };
      skipped.push({
        row: lot.row,
        reason: cost ? tx('skip.ibCorporateLot', values) : tx('skip.ibCorporateLotUnused', values),
      });
    }
    const base = {
      row,
      identity: ['corporate', date, description, quantity],
      date,
      name: info?.name || (own ? own[2]!.trim() : null) || symbol || description,
      isin: readIsin(own?.[3]) ?? readIsin(m?.[2]) ?? info?.isin ?? isinInText(description),
      ticker,
      currency,
      market: 'foreign' as const,
      security: CATEGORY[text(rec['Asset Category']).toLowerCase()] ?? ibSecurity(text(rec['Asset Category'])),
    };
    if (!kind) {
      if (!cash) skipped.push({ row, reason: tx('skip.corporateNoCash', { description }) });
      else
        events.push({
          type: 'unknown',
          ...base,
          amount: cash,
          quantity,
          comment: tx('comment.corporateAsk', { description }),
        });
      continue;
    }
    const renamed = renames.get(x) ?? null;
    if (kind === 'split' && !renamed) {
      const key = `${date}|${splitRatioOf(description)}|${symbol}`;
      if (splits.has(key)) {
        skipped.push({ row, reason: tx('skip.splitSecondRow', { description }) });
        continue;
      }
      splits.add(key);
    }
    events.push({
      type: 'corporate',
      ...base,
      action: kind,
      quantity,
      amount: cash,
      ...(cost ? { cost } : {}),
      ratio: kind === 'split' ? splitRatioOf(description) : null,
      description,
      flag: paidPartlyInShares(kind, description),
      // a split into a new ISIN: the side's own ISIN, both ISINs, the ratio of the pair
      ...(renamed ? renamedFields(renamed) : {}),
    });
  }
}

/** The cost of a corporate action's lots: their bases when they give up the action's whole quantity, else null. */
function lotsCost(lots: { quantity: string | null; basis: string | null }[], quantity: string | null): string | null {
  if (!lots.length || !quantity || lots.some((l) => !l.quantity || !l.basis)) return null;
  let given = '0';
  let basis = '0';
  for (const l of lots) {
    given = add(given, abs(l.quantity!));
    basis = add(basis, abs(l.basis!));
  }
  return cmp(given, abs(quantity)) === 0 && !isZero(basis) ? basis : null;
}

/** Sections read, and sections with no money rows of their own (research/formats.md §1.2). */
const KNOWN_SECTIONS = new Set([
  'Statement',
  'Account Information',
  'Net Asset Value',
  'Change in NAV',
  'Mark-to-Market Performance Summary',
  'Realized & Unrealized Performance Summary',
  'Cash Report',
  'Open Positions',
  'Forex Balances',
  'Trades',
  'Corporate Actions',
  'Deposits & Withdrawals',
  'Fees',
  'Transfers',
  'Dividends',
  'Payment In Lieu Of Dividends',
  'Withholding Tax',
  'Interest',
  'Broker Interest Received',
  'Broker Interest Paid',
  'Bond Interest Received',
  'Bond Interest Paid',
  'Transaction Fees',
  'Interest Accruals',
  'Change in Dividend Accruals',
  'Financial Instrument Information',
  'Codes',
  'Notes/Legal Notes',
  'Base Currency Exchange Rate',
]);

/** "AAPL(US0378331005) Cash Dividend…" → symbol and id (ISIN, CUSIP or conid). */
const DESCRIPTION_ID = /^(\S+?) ?\(([A-Z0-9]+)\)/;
/** "T 4 1/2 11/29/24 (US91282CFG10) Matured" → the symbol with spaces and the ISIN. */
const SPACED_ID = /^(\S.*?) \(([A-Z]{2}[A-Z0-9]{9}\d)\)/;

export function parseIbCsv(csv: string): ParsedReport {
  const lines = readCsv(csv, ',');
  const rows = collect(lines);
  const r = new RowReader('mdy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];

  const instruments = new Map<string, Instrument>();
  for (const s of rows.get('Financial Instrument Information') ?? []) {
    const info: Instrument = {
      category: text(s.rec['Asset Category']),
      // a statement in Russian names the Security ID column in Russian: the ISIN is then the cell that is one
      isin: readIsin(s.rec['Security ID']) ?? ('Security ID' in s.rec ? null : isinCell(s.rec)),
      name: text(s.rec.Description),
      type: text(s.rec.Type),
      exchange: text(s.rec['Listing Exch']),
    };
    for (const sym of text(s.rec.Symbol).split(',')) {
      if (sym.trim()) instruments.set(sym.trim(), info);
    }
  }

  const trades = rows.get('Trades') ?? [];
  const hasOrders = trades.some((t) => t.rec.DataDiscriminator === 'Order');
  // a cancellation (Code "Ca") and the trade it reverses in the same statement net to nothing (settleCancels)
  const traded: Held[] = [];
  for (const { row, rec } of trades) {
    const disc = rec.DataDiscriminator ?? '';
    if (disc === 'ClosedLot') continue;
    if (hasOrders && disc !== 'Order') {
      skipped.push({ row, reason: tx('skip.executionRow') });
      continue;
    }
    const date = r.date(row, 'Date/Time', rec['Date/Time']);
    const quantity = r.number(row, 'Quantity', rec.Quantity);
    const proceeds = r.number(row, 'Proceeds', rec.Proceeds);
    const currency = r.currency(row, 'Currency', rec.Currency);
    const commissionKey = Object.keys(rec).find((k) => k === 'Comm/Fee' || k.startsWith('Comm in '));
    const commission = commissionKey ? r.optionalNumber(row, commissionKey, rec[commissionKey]) : null;
    const basis = r.optionalNumber(row, 'Basis', rec.Basis);
    if (!date || !quantity || !proceeds || !currency || commission === false || basis === false) continue;
    const symbol = text(rec.Symbol);
    const info = instruments.get(symbol);
    const side = quantity.startsWith('-') ? 'sell' : 'buy';
    // a sale that opens a short position (Code "O", writing an option): its Basis is not the cost of anything bought
    const opening = /(^|;)O(;|$)/.test(text(rec.Code)) && !/(^|;)C(;|$)/.test(text(rec.Code));
    const cancel = /(^|;)Ca(;|$)/.test(text(rec.Code));
    const e: TradeEvent = {
      type: 'trade',
      row,
      identity: [symbol, rec['Date/Time'], quantity, rec['T. Price'], proceeds],
      date,
      side,
      name: info?.name || symbol,
      isin: info?.isin ?? null,
      ticker: symbol,
      currency,
      quantity: abs(quantity),
      amount: abs(proceeds),
      commission: commission && !isZero(commission) ? abs(commission) : null,
      // "Comm in EUR" (the Forex rows' header) is in the account's base currency, not the trade's
      commissionCurrency: commissionKey?.startsWith('Comm in ') ? commissionKey.slice(8).trim() : null,
      cost: side === 'sell' && !opening && basis && !isZero(basis) ? abs(basis) : null,
      market: 'foreign',
      security: securityOf(text(rec['Asset Category']), info),
      flag: cancel ? tx('comment.cancelledTrade') : shortSale(side, opening, text(rec['Asset Category'])),
    };
    traded.push({ e, cancel, tradeId: '', orig: '', day: `${symbol}|${date}`, quantity, proceeds });
  }
  settleCancels(traded, events, skipped);

  corporateActions(rows.get('Corporate Actions') ?? [], instruments, r, events, skipped);
  for (const section of ['Deposits & Withdrawals', 'Fees', 'Transfers'] as const) {
    for (const { row, rec } of rows.get(section) ?? []) {
      if (TOTAL.test(text(rec.Currency)) || TOTAL.test(Object.values(rec).map(text).join(' '))) continue;
      if (section === 'Transfers' && 'Qty' in rec) transfer(row, rec, instruments, r, events, skipped);
      else skipped.push({ row, reason: tx('skip.section', { section }) });
    }
  }
  // the stamp duty, FTT and exchange fees of a trade, already part of its Comm/Fee
  for (const { row, rec } of rows.get('Transaction Fees') ?? []) {
    if (TOTAL.test(text(rec['Asset Category'])) || TOTAL.test(text(rec.Currency))) continue;
    const description = [text(rec.Symbol), text(rec.Description)].filter(Boolean).join(' ');
    skipped.push({ row, reason: tx('skip.ibTransactionFee', { description }) });
  }
  for (const { row, rec } of rows.get('Broker Interest Paid') ?? []) {
    if (TOTAL.test(text(rec.Currency))) continue;
    skipped.push({ row, reason: tx('skip.ibInterestPaid', { description: text(rec.Description) }) });
  }

  // dividends paid in this statement, by security, currency and amount: what a reversal (negative) reverses
  const paid = new Set<string>();
  const paymentKey = (rec: Rec, amount: string) =>
    `${DESCRIPTION_ID.exec(text(rec.Description))?.[2] ?? text(rec.Symbol)}|${text(rec.Currency)}|${amount}`;
  for (const section of ['Dividends', 'Payment In Lieu Of Dividends']) {
    for (const { rec } of rows.get(section) ?? []) {
      const amount = readDecimal(rec.Amount);
      if (amount && !isNegative(amount)) paid.add(paymentKey(rec, amount));
    }
  }
  for (const [section, what] of Object.entries(CASH_SECTIONS)) {
    for (const { row, rec } of rows.get(section) ?? []) {
      if (TOTAL.test(text(rec.Currency))) continue;
      const description = text(rec.Description);
      if (what === 'interest' && INTEREST_PAID.test(description)) {
        skipped.push({ row, reason: tx('skip.ibInterestPaid', { description }) });
        continue;
      }
      const date = r.date(row, 'Date', rec.Date);
      const amount = r.number(row, 'Amount', rec.Amount);
      const currency = r.currency(row, 'Currency', rec.Currency);
      if (!date || !amount || !currency) continue;
      const m = DESCRIPTION_ID.exec(description);
      // some exports have a Symbol column ("Cash Dividend USD 0.22 per Share" then names no security)
      const hasSymbol = 'Symbol' in rec;
      const symbol = text(rec.Symbol) || m?.[1] || ACCRUED_BOND.exec(description)?.[1]?.trim() || null;
      const info = symbol ? instruments.get(symbol) : undefined;
      const base = {
        row,
        identity: hasSymbol
          ? [section, date, symbol, description, amount, currency]
          : [section, date, description, amount, currency],
        date,
        name: symbol ?? description,
        isin: readIsin(m?.[2]) ?? info?.isin ?? isinInText(description),
        ticker: symbol,
        currency,
        market: 'foreign' as const,
        security: info ? securityOf(info.category, info) : null,
      };
      if (what === 'tax') {
        events.push({ type: 'tax', ...base, amount: negate(amount), on: withheldOn(description) });
      } else if (what === 'interest') {
        const kind = /bond|coupon|облигац|купон/i.test(description) ? 'coupon' : 'interest';
        events.push({ type: 'income', ...base, name: kind === 'interest' ? description : base.name, kind, amount });
      } else {
        // a reversal of a payment of an earlier statement leaves only the difference as income: a person checks it
        const reversed =
          what === 'dividend' && isNegative(amount) && !paid.has(paymentKey(rec, abs(amount)))
            ? tx('comment.ibReversalOfEarlierPayment', { amount: abs(amount), currency, description })
            : null;
        events.push({
          type: 'income',
          ...base,
          kind: what,
          amount,
          flag: reversed ?? returnOfCapital(what, description),
        });
      }
    }
  }

  const period = statementPeriod(rows.get('Statement') ?? []);
  const held = holdings(rows, instruments, period, r, events, skipped);

  const read = ['Trades', 'Corporate Actions', 'Transfers', 'Broker Interest Paid', ...Object.keys(CASH_SECTIONS)];
  if (!read.some((section) => rows.has(section)) && !held) {
    skipped.push({ row: 1, reason: tx('skip.noSections') });
  }
  const unread = [...rows.keys()].filter((name) => !KNOWN_SECTIONS.has(name));
  const notes = unread.length ? [tx('note.ibCsvUnread', { sections: unread.join(', ') })] : [];
  // holdings are those of the statement's last day: not the year end of the declaration when it ends earlier
  if (held && period && !period.to.startsWith('31.12.'))
    notes.push(tx('note.ibCsvHoldingsNotYearEnd', { date: period.to }));
  const report: ParsedReport = {
    notes,
    format: 'ib_activity_csv',
    family: 'ib_csv',
    broker: IB_BROKER,
    brokerIsKz: false,
    events,
    errors: r.errors,
    skipped,
  };
  if (period) report.period = period;
  return report;
}

/**
 * A row of "Transfers" (`Asset Category, Currency, Symbol, Date, Type, Direction, Xfer Company, Xfer Account, Qty,
 * Xfer Price, Market Value, Realized P/L, Cash Amount, Code`), read as Flex reads `Transfer` (ib-flex.ts transfers):
 * securities moved in (ACATS, ATON, FOP from another broker; Internal, Inter-Company from another IB account) come
 * without their purchase, so each becomes a purchase with status 1 asking for its date and cost (at `Xfer Price`
 * when the row states one); securities moved out are not a sale and cash moved is not income: skipped with the reason.
 */
function transfer(
  row: number,
  rec: Rec,
  instruments: Map<string, Instrument>,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const symbol = text(rec.Symbol);
  const info = instruments.get(symbol);
  const security = securityOf(text(rec['Asset Category']), info);
  const type = text(rec.Type) || 'Transfer';
  const currency = text(rec.Currency).toUpperCase();
  const quantity = r.optionalNumber(row, 'Qty', rec.Qty);
  if (quantity === false) return;
  if (security === 'currency' || !quantity || isZero(quantity)) {
    const amount = text(rec['Cash Amount']) || text(rec['Market Value']) || '0';
    skipped.push({ row, reason: tx('skip.ibCashTransfer', { amount, currency, type }) });
    return;
  }
  const name = info?.name || symbol;
  if (/^out$/i.test(text(rec.Direction)) || isNegative(quantity)) {
    skipped.push({ row, reason: tx('skip.ibTransferOut', { name, quantity: abs(quantity), type }) });
    return;
  }
  const date = r.date(row, 'Date', rec.Date);
  const price = r.optionalNumber(row, 'Xfer Price', rec['Xfer Price']);
  if (!date || price === false || !r.currency(row, 'Currency', rec.Currency)) return;
  const stated = price && !isZero(price) ? abs(price) : null;
  events.push({
    type: 'trade',
    row,
    identity: ['transfer', symbol, date, quantity, type],
    date,
    side: 'buy',
    name,
    isin: info?.isin ?? null,
    ticker: symbol || null,
    currency,
    quantity: abs(quantity),
    amount: stated ? mul(stated, abs(quantity)) : '0',
    commission: null,
    exchange: info?.exchange || null,
    market: 'foreign',
    security,
    flag: stated
      ? tx('comment.ibTransferInPrice', { name, quantity: abs(quantity), type, price: stated, currency })
      : tx('comment.ibTransferIn', { name, quantity: abs(quantity), type }),
  });
}

/**
 * The holdings at the statement's end, as Flex reads OpenPosition and CashReportCurrency (ib-flex.ts
 * statementRows): the `Summary` rows of "Open Positions" (`Lot` rows repeat them by purchase; forex lines are
 * cash) and the "Ending Cash" row of each currency of "Cash Report" (not the "Base Currency Summary" total).
 * The CSV has no date on these rows: they are on the last day of the statement's period. What is owed rather than
 * held is skipped with the reason, as in Flex: a short position (a negative Quantity: shares sold short, an option
 * written) and a negative Ending Cash (a debit balance, a margin loan). Returns how many holdings were read or
 * skipped so.
 */
function holdings(
  rows: Map<string, Section[]>,
  instruments: Map<string, Instrument>,
  period: { from: string; to: string } | null,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): number {
  let n = 0;
  // holdings of a statement that ends before 31 December are not the year-end ones: each waits to be checked
  const flag = period ? notYearEnd(period.to) : null;
  const positions = rows.get('Open Positions') ?? [];
  const hasSummary = positions.some((p) => p.rec.DataDiscriminator === 'Summary');
  for (const { row, rec } of positions) {
    if (hasSummary && rec.DataDiscriminator !== 'Summary') continue;
    const category = text(rec['Asset Category']);
    if (TOTAL.test(category) || TOTAL.test(text(rec.Currency))) continue;
    const symbol = text(rec.Symbol);
    const info = instruments.get(symbol);
    const security = securityOf(category, info);
    if (security === 'currency') continue;
    const date = r.date(row, 'Period', period?.to);
    const quantity = r.number(row, 'Quantity', rec.Quantity);
    const currency = r.currency(row, 'Currency', rec.Currency);
    if (!date || !quantity || !currency || isZero(quantity)) continue;
    const name = info?.name || symbol;
    n++;
    if (isNegative(quantity)) {
      // a short position (shares sold short, an option written) is an obligation, not property held abroad
      skipped.push({ row, reason: tx('skip.ibShortPosition', { quantity, name, date }) });
      continue;
    }
    events.push({
      type: 'position',
      row,
      identity: [symbol, currency, date],
      date,
      name,
      isin: info?.isin ?? isinInText(text(rec.Description)),
      ticker: symbol || null,
      currency,
      quantity,
      exchange: info?.exchange || null,
      market: 'foreign',
      security,
      flag,
    });
  }
  for (const { row, rec } of rows.get('Cash Report') ?? []) {
    if (text(rec['Currency Summary']) !== 'Ending Cash') continue;
    const currency = text(rec.Currency).toUpperCase();
    if (!currency || /Summary/i.test(currency) || TOTAL.test(currency)) continue;
    const amount = r.number(row, 'Total', rec.Total);
    const date = r.date(row, 'Period', period?.to);
    if (!amount || !date || !r.currency(row, 'Currency', currency) || isZero(amount)) continue;
    n++;
    if (isNegative(amount)) {
      // a debit balance is money owed to the broker (a margin loan), not money held on the account
      skipped.push({ row, reason: tx('skip.ibNegativeCash', { amount: abs(amount), currency, date }) });
      continue;
    }
    events.push({
      type: 'cash',
      row,
      identity: [currency, date],
      date,
      currency,
      amount,
      bank: IB_BANK.name,
      bankCountry: IB_BANK.country,
      flag,
    });
  }
  return n;
}

/** Groups Data rows by section, mapping cells by the latest Header of that section. */
function collect(lines: CsvRow[]): Map<string, Section[]> {
  const headers = new Map<string, string[]>();
  const out = new Map<string, Section[]>();
  const last = lines[lines.length - 1];
  for (const { row, cells } of lines) {
    const [name = '', kind = '', ...fields] = cells;
    // a statement in Russian: its sections and columns by their English names
    const section = RU_SECTIONS[name] ?? name;
    if (kind === 'Header' || kind === 'Headers') {
      for (let i = 0; i < fields.length; i++) fields[i] = englishColumn(fields[i]!);
      const need = REQUIRED[section];
      const missing = need?.filter((c) => !fields.includes(c)) ?? [];
      if (missing.length) {
        refuse(
          'columns',
          tx('refuse.ibCsvColumns', { row, section, columns: missing.map((c) => `«${c}»`).join(', ') }),
        );
      }
      headers.set(section, fields);
      continue;
    }
    if (kind !== 'Data') continue;
    const header = headers.get(section);
    if (!header) continue;
    if (cells === last?.cells && fields.length < header.length) {
      refuse('truncated', tx('refuse.truncatedStatement', { row }));
    }
    const rec: Rec = {};
    header.forEach((h, i) => {
      rec[h] = fields[i] ?? '';
    });
    const list = out.get(section);
    if (list) list.push({ header, row, rec });
    else out.set(section, [{ header, row, rec }]);
  }
  if (!headers.size) refuse('columns', tx('refuse.ibCsvNoSections'));
  return out;
}

const MONTH_NAMES = 'January February March April May June July August September October November December'.split(' ');
/** The months of a statement in Russian by their first three letters ("Январь 1, 2024", "1 января 2024"). */
const RU_MONTHS: Record<string, number> = {
  янв: 1,
  фев: 2,
  мар: 3,
  апр: 4,
  май: 5,
  мая: 5,
  июн: 6,
  июл: 7,
  авг: 8,
  сен: 9,
  окт: 10,
  ноя: 11,
  дек: 12,
};
const monthOf = (name: string): number =>
  MONTH_NAMES.indexOf(name) + 1 || (RU_MONTHS[name.slice(0, 3).toLowerCase()] ?? 0);

/** The ISIN of a row whose ISIN column is named otherwise (a statement in Russian): the cell that is one. */
const isinCell = (rec: Rec): string | null => {
  for (const v of Object.values(rec)) {
    const isin = /^[A-Z]{2}[A-Z0-9]{9}\d$/.test(v.trim()) ? readIsin(v) : null;
    if (isin) return isin;
  }
  return null;
};

/**
 * Statement,Data,Period,"January 1, 2024 - December 31, 2024" → dd.mm.yyyy pair; in Russian the field may be
 * «Период» and the months Russian ("Январь 1, 2024 - Декабрь 31, 2024").
 */
function statementPeriod(rows: Section[]): { from: string; to: string } | null {
  const period = rows.find((s) => /^(Period|Период)$/.test(text(s.rec['Field Name'])))?.rec['Field Value'];
  if (!period) return null;
  const dates = [...period.matchAll(/([A-Za-zА-Яа-яЁё]+) (\d{1,2}), (\d{4})|(\d{1,2}) ([А-Яа-яЁё]+) (\d{4})/g)].map(
    (m) => {
      const [month, day, year] = m[1] ? [m[1], m[2]!, m[3]!] : [m[5]!, m[4]!, m[6]!];
      const n = monthOf(month);
      return n ? readDate(`${year}-${n}-${day}`) : null;
    },
  );
  const [from, to = from] = dates;
  return from && to ? { from, to } : null;
}

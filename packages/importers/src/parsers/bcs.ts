/**
 * BCS («БКС Мир инвестиций», ООО «Компания БКС») broker report, sheet "TDSheet" (packages/importers/formats/bcs.md).
 * One sheet of numbered sections; each table is found by its header row's words, never by position:
 * 1.1.1 the money movements per currency, 2.1 the trades per security kind, currency and instrument,
 * 3 the assets at the start and end of the period, 4 the movements of securities (splits).
 */
import Decimal from 'decimal.js';
import { isCurrencyTrade, securityKindOf } from '../classify.ts';
import { refuse } from '../errors.ts';
import type { CashEvent, ParsedReport, PositionEvent, ReportEvent, TradeEvent } from '../events.ts';
import type { Cell, Sheet } from '../read/xlsx.ts';
import { tx } from '../texts.ts';
import { abs, add, cmp, isZero, readIsin, text } from '../values.ts';
import { notYearEnd, RowReader } from './common.ts';

export const BCS = tx('value.bcsBroker');
const BCS_BANK = { name: 'ООО «Компания БКС»', country: 'RUS' };

const norm = (c: Cell | undefined) =>
  text(c instanceof Date ? '' : c)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    // a footnote mark: "Тип сделки (20*)", "Организатор торгов (2*)"
    .replace(/\s*\(\d+\*\)$/, '');

/** "1.1.1. Движение…", "2.1. Сделки:", "3. Активы:" */
const SECTION = /^\d+(\.\d+)*\.\s/;

/** Currency names BCS writes as block titles and in the trade columns. */
const CURRENCY_NAMES: Record<string, string> = {
  рубль: 'RUB',
  'российский рубль': 'RUB',
  rub: 'RUB',
  rur: 'RUB',
  'доллар сша': 'USD',
  usd: 'USD',
  евро: 'EUR',
  eur: 'EUR',
  юань: 'CNY',
  'китайский юань': 'CNY',
  cny: 'CNY',
  'гонконгский доллар': 'HKD',
  hkd: 'HKD',
  тенге: 'KZT',
  kzt: 'KZT',
};
const currencyOf = (v: Cell | undefined): string | null => {
  const s = norm(v);
  return CURRENCY_NAMES[s] ?? (/^[a-z]{3}$/.test(s) ? s.toUpperCase() : null);
};

/** "Валюта цены = USD, валюта платежа = USD" → USD (the payment currency) */
const paymentCurrencyLine = (s: string): string | null => {
  const m = /валюта платежа\s*=\s*([^,]+)/i.exec(s);
  return m ? currencyOf(m[1]!.trim()) : null;
};

/** Column index by header text; a name that repeats keeps every position (buy and sell price, start and end). */
function columns(cells: Cell[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  cells.forEach((c, i) => {
    const n = norm(c);
    if (n) index.set(n, [...(index.get(n) ?? []), i]);
  });
  return index;
}

type Table = 'cash' | 'trades' | 'assets' | 'moves';

/** Which table a header row opens, by its column names. */
function tableOf(index: Map<string, number[]>): Table | null {
  if (index.has('операция') && index.has('сумма зачисления') && index.has('сумма списания')) return 'cash';
  if (index.has('куплено, шт') && index.has('продано, шт')) return 'trades';
  if (index.has('вид актива')) return 'assets';
  if (index.has('цб') && index.has('приход') && index.has('расход')) return 'moves';
  return null;
}

const nonEmpty = (cells: Cell[]) => cells.filter((c) => text(c instanceof Date ? 'x' : c) !== '');
const firstText = (cells: Cell[]) => text(nonEmpty(cells)[0] ?? '');
/** A date cell: "16.01.24" as BCS writes it, or an Excel date */
const isDate = (v: Cell | undefined): boolean => v instanceof Date || /^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(text(v));

interface Trade {
  event: TradeEvent;
  /** settlement date ("Дата"), where a day's fee may be booked */
  settled: string | null;
}

interface Fee {
  row: number;
  date: string;
  currency: string;
  amount: string;
  operation: string;
}

interface Asset {
  isin: string | null;
  kind: string;
  issuer: string;
}

/** What a money line of section 1.1.1 is, by its `Операция` (lower case) and direction. */
type CashKind = 'dividend' | 'coupon' | 'repayment' | 'tax' | 'tradeFee' | 'accountFee' | 'transfer' | 'settlement';
function cashKind(op: string, credit: boolean): CashKind | null {
  if (/^покупка\/продажа/.test(op)) return 'settlement';
  if (/приход дс|вывод дс|перевод|зачисление дс|списание дс|возврат дс/.test(op)) return 'transfer';
  if (credit && /дивиденд/.test(op)) return 'dividend';
  if (credit && /купон/.test(op)) return 'coupon';
  if (credit && /погашени|амортизац/.test(op)) return 'repayment';
  if (!credit && /^(ндфл|налог|подоходный налог)/.test(op)) return 'tax';
  if (!credit && /^(урегулирование сделок|вознаграждение компании|вознаграждение брокера|биржевой сбор)/.test(op))
    return 'tradeFee';
  if (!credit && /вознаграждение|комисси|хранение|quik|плата|оплата|абонент/.test(op)) return 'accountFee';
  return null;
}

export function parseBcs(sheets: Sheet[], format: 'bcs_xls' | 'bcs_xlsx' = 'bcs_xls'): ParsedReport {
  const sheet =
    sheets.find((s) => s.rows.some((r) => ['trades', 'cash'].includes(tableOf(columns(r.cells)) ?? ''))) ?? sheets[0];
  const rows = sheet?.rows ?? [];
  const r = new RowReader('dmy', true);
  const skipped: ParsedReport['skipped'] = [];
  const events: ReportEvent[] = [];
  const trades: Trade[] = [];
  const assets = new Map<string, Asset>();
  const holdings: { row: number; name: string; quantity: string; currency: string | null }[] = [];
  const balances: { row: number; currency: string; amount: string }[] = [];
  const money: {
    row: number;
    date: string;
    currency: string;
    kind: CashKind | null;
    op: string;
    amount: string;
    credit: boolean;
    note: string;
  }[] = [];
  let period: { from: string; to: string } | undefined;

  let table: Table | null = null;
  let index = new Map<string, number[]>();
  /** single-text rows seen since the last table row: a currency block's title, a security kind, an instrument */
  let titles: string[] = [];
  let currency: string | null = null;
  let kind = '';
  let instrument: string | null = null;
  let instrumentIsin: string | null = null;
  let seenTables = 0;

  const col = (cells: Cell[], name: string, which: 'first' | 'last' = 'first'): Cell | undefined => {
    const at = index.get(name);
    if (!at) return undefined;
    return cells[which === 'first' ? at[0]! : at[at.length - 1]!];
  };

  for (const { row, cells } of rows) {
    const first = firstText(cells);
    const values = nonEmpty(cells);
    if (first === 'Период:' || first.startsWith('Период:')) {
      const m = /с\s*(\d{2}\.\d{2}\.\d{4})\s*по\s*(\d{2}\.\d{2}\.\d{4})/.exec(values.map((v) => text(v)).join(' '));
      if (m) period = { from: m[1]!, to: m[2]! };
      continue;
    }
    const header = columns(cells);
    const opened = tableOf(header);
    if (opened) {
      table = opened;
      index = header;
      seenTables++;
      // the titles above a header: "Рубль" (a cash block), "Акция" + "Валюта цены = …" (a trades block)
      const line = titles.map(paymentCurrencyLine).find(Boolean);
      currency = line ?? titles.map(currencyOf).find(Boolean) ?? currency;
      kind = titles.find((t) => !paymentCurrencyLine(t) && !currencyOf(t) && !SECTION.test(t)) ?? kind;
      titles = [];
      instrument = null;
      continue;
    }
    if (SECTION.test(first)) {
      table = null;
      titles = [];
      continue;
    }
    if (!table) {
      if (values.length === 1) titles.push(first);
      continue;
    }
    if (table === 'cash') {
      if (/^итого по валюте/i.test(first)) {
        currency = null;
        continue;
      }
      const dateCell = col(cells, 'дата');
      const date = isDate(dateCell) ? r.date(row, 'Дата', dateCell) : null;
      if (!date) {
        // a block title inside the table ("USD") or a total line ("Итого:")
        if (values.length === 1 && currencyOf(first)) currency = currencyOf(first);
        if (values.length === 1) titles.push(first);
        continue;
      }
      const opText = text(col(cells, 'операция'));
      const credit = r.optionalNumber(row, 'Сумма зачисления', col(cells, 'сумма зачисления'));
      const debit = r.optionalNumber(row, 'Сумма списания', col(cells, 'сумма списания'));
      if (credit === false || debit === false) continue;
      const isCredit = !!credit && !isZero(credit);
      const amount = isCredit ? credit! : debit && !isZero(debit) ? debit : null;
      if (!amount) continue;
      if (!currency) {
        r.fail(row, 'Валюта', tx('row.noCurrencyRow'));
        continue;
      }
      const op = opText.toLowerCase().replace(/\s+/g, ' ');
      money.push({
        row,
        date,
        currency,
        kind: cashKind(op, isCredit),
        op: opText,
        amount: abs(amount),
        credit: isCredit,
        note: text(col(cells, 'примечание')),
      });
      continue;
    }
    if (table === 'trades') {
      const dateCell = col(cells, 'дата');
      if (!isDate(dateCell)) {
        if (/^итого по /i.test(first) || /^в т\.ч\./i.test(first)) instrument = null;
        else if (values.length >= 1 && !/^итого/i.test(first)) {
          if (paymentCurrencyLine(first)) currency = paymentCurrencyLine(first);
          else {
            // an instrument ("SBER", "FXRU.MRG"), or the kind title of the next block ("Пай")
            instrument = first;
            instrumentIsin = values.map((v) => readIsin(v)).find(Boolean) ?? null;
            titles.push(first);
          }
        }
        continue;
      }
      trade(row, cells);
      continue;
    }
    if (table === 'assets') {
      if (/^итого/i.test(first)) continue;
      asset(row, cells);
      continue;
    }
    if (table === 'moves') move(row, cells);
  }

  function trade(row: number, cells: Cell[]): void {
    const type = text(col(cells, 'тип сделки'));
    if (/репо/i.test(type)) {
      skipped.push({ row, reason: tx('skip.bcsRepo', { type }) });
      return;
    }
    if (!instrument) {
      r.fail(row, 'ЦБ', tx('row.bcsNoInstrument'));
      return;
    }
    if (isCurrencyTrade(instrument, instrument)) {
      skipped.push({ row, reason: tx('skip.bcsCurrency', { name: instrument }) });
      return;
    }
    const bought = r.optionalNumber(row, 'Куплено, шт', col(cells, 'куплено, шт'));
    const sold = r.optionalNumber(row, 'Продано, шт', col(cells, 'продано, шт'));
    if (bought === false || sold === false) return;
    const side = bought && !isZero(bought) ? 'buy' : sold && !isZero(sold) ? 'sell' : null;
    if (!side) {
      r.fail(row, 'Куплено, шт', tx('row.bcsNoQuantity'));
      return;
    }
    const amount =
      side === 'buy'
        ? r.number(row, 'Сумма платежа', col(cells, 'сумма платежа'))
        : r.number(row, 'Сумма выручки', col(cells, 'сумма выручки'));
    const concluded = col(cells, 'дата соверш.');
    const date = r.date(row, 'Дата соверш.', text(concluded) ? concluded : col(cells, 'дата'));
    const settled = r.date(row, 'Дата', col(cells, 'дата'));
    const cur = currencyOf(col(cells, 'валюта платежа')) ?? currencyOf(col(cells, 'валюта')) ?? currency;
    if (!cur) r.fail(row, 'Валюта платежа', tx('row.currencyMissing', { field: 'Валюта платежа' }));
    if (!amount || !date || !cur) return;
    const id = text(col(cells, 'номер'));
    const event: TradeEvent = {
      type: 'trade',
      row,
      identity: id ? [id] : [date, side, instrument, bought || sold, amount],
      date,
      side,
      name: instrument,
      isin: instrumentIsin,
      ticker: tickerOf(instrument),
      currency: cur,
      quantity: abs(side === 'buy' ? (bought as string) : (sold as string)),
      amount: abs(amount),
      commission: null,
      exchange: text(col(cells, 'место сделки')) || null,
      market: 'foreign',
      security: securityKindOf(kind),
    };
    trades.push({ event, settled });
  }

  function asset(row: number, cells: Cell[]): void {
    const name = text(col(cells, 'вид актива'));
    if (!name || / \(в пути\)$/.test(name)) return;
    const type = text(col(cells, 'тип цб (№ вып.)'));
    const endQty = r.optionalNumber(row, 'Кол-во ценных бумаг', col(cells, 'кол-во ценных бумаг', 'last'));
    const endValue = r.optionalNumber(row, 'Сумма, в т.ч. НКД', col(cells, 'сумма, в т.ч. нкд', 'last'));
    if (endQty === false || endValue === false) return;
    const cur = !type ? currencyOf(name) : null;
    if (cur) {
      if (endValue && !isZero(endValue)) balances.push({ row, currency: cur, amount: endValue });
      return;
    }
    const isin = readIsin(col(cells, 'номер гос. регистрации цб/ isin')) ?? readIsin(col(cells, 'isin'));
    assets.set(name.toUpperCase(), { isin, kind: type, issuer: text(col(cells, 'эмитент')) });
    if (endQty && !isZero(endQty)) holdings.push({ row, name, quantity: endQty, currency: null });
  }

  function move(row: number, cells: Cell[]): void {
    const note = text(col(cells, 'примечание'));
    const name = text(col(cells, 'цб'));
    if (!note || !name) return;
    const n = (field: string, label: string) => r.optionalNumber(row, label, col(cells, field));
    const start = n('остаток на начало дня / начало операции', 'Остаток на начало');
    const incoming = n('приход', 'Приход');
    const outgoing = n('расход', 'Расход');
    const end = n('остаток на конец дня / конец операции', 'Остаток на конец');
    const dateCell = col(cells, 'дата');
    const date = isDate(dateCell) ? r.date(row, 'Дата', dateCell) : null;
    // a split: every share given up and the new number received on one line (start = out, in = end)
    if (
      date &&
      start &&
      incoming &&
      outgoing &&
      end &&
      cmp(start, outgoing) === 0 &&
      cmp(incoming, end) === 0 &&
      cmp(incoming, outgoing) !== 0
    ) {
      events.push({
        type: 'corporate',
        row,
        identity: ['split', name, date],
        date,
        name,
        isin: assets.get(name.toUpperCase())?.isin ?? null,
        ticker: tickerOf(name),
        currency: 'RUB',
        action: 'split',
        quantity: null,
        amount: null,
        ratio: new Decimal(incoming).div(outgoing).toFixed(),
        description: note,
        market: 'foreign',
      });
      return;
    }
    skipped.push({ row, reason: tx('skip.bcsSecurityMove', { note, name }) });
  }

  /** One line of section 1.1.1: income, a tax, a fee shared by the day's trades, or skipped with its reason. */
  function moneyLine(m: (typeof money)[number]): void {
    const base = {
      row: m.row,
      identity: [m.date, m.op, m.currency, m.amount, m.note],
      date: m.date,
      currency: m.currency,
      market: 'foreign' as const,
    };
    switch (m.kind) {
      case 'transfer':
        skipped.push({ row: m.row, reason: tx('skip.bcsTransfer', { operation: m.op }) });
        return;
      case 'settlement':
        skipped.push({ row: m.row, reason: tx('skip.bcsSettlement', { operation: m.op }) });
        return;
      case 'accountFee':
        skipped.push({ row: m.row, reason: tx('skip.bcsAccountFee', { operation: m.op }) });
        return;
      case 'tradeFee':
        shareFee({ row: m.row, date: m.date, currency: m.currency, amount: m.amount, operation: m.op });
        return;
      case 'dividend':
      case 'coupon': {
        const s = securityIn(m.note);
        events.push({
          type: 'income',
          ...base,
          ...s,
          kind: m.kind,
          amount: m.amount,
          flag: tx('comment.bcsNetIncome'),
        });
        return;
      }
      case 'repayment': {
        const s = securityIn(m.note);
        events.push({
          type: 'corporate',
          ...base,
          ...s,
          action: 'maturity',
          quantity: null,
          amount: m.amount,
          cost: null,
          description: m.op,
          security: 'bond',
        });
        return;
      }
      case 'tax':
        events.push({
          type: 'tax',
          ...base,
          name: m.note ? `${m.op} ${m.note}` : m.op,
          isin: null,
          ticker: null,
          amount: m.amount,
        });
        return;
      default:
        if (m.credit) {
          const s = securityIn(m.note);
          events.push({
            type: 'unknown',
            ...base,
            ...s,
            amount: m.amount,
            quantity: null,
            comment: tx('comment.bcsUnknownCredit', { operation: m.op, amount: m.amount, currency: m.currency }),
          });
        } else skipped.push({ row: m.row, reason: tx('skip.bcsOperation', { operation: m.op }) });
    }
  }

  /**
   * BCS books its broker and exchange fees once a day per currency: the day's fee is shared among the trades
   * concluded that day (else settled that day) in proportion to their amounts, to the kopeck, the last trade
   * taking the remainder.
   */
  function shareFee(f: Fee): void {
    const same = (t: Trade) => t.event.currency === f.currency;
    let day = trades.filter((t) => same(t) && t.event.date === f.date);
    if (!day.length) day = trades.filter((t) => same(t) && t.settled === f.date);
    if (!day.length) {
      skipped.push({
        row: f.row,
        reason: tx('skip.bcsFeeNoTrade', { operation: f.operation, date: f.date, currency: f.currency }),
      });
      return;
    }
    const total = day.reduce((s, t) => s.plus(t.event.amount), new Decimal(0));
    let left = new Decimal(f.amount);
    day.forEach((t, i) => {
      const part =
        i === day.length - 1 || total.isZero()
          ? left
          : new Decimal(f.amount).times(t.event.amount).div(total).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      left = left.minus(part);
      t.event.commission = add(t.event.commission ?? '0', part.toFixed());
      const note = tx('comment.bcsFeeShared', {
        operation: f.operation,
        date: f.date,
        amount: f.amount,
        currency: f.currency,
      });
      t.event.note = t.event.note ? `${t.event.note} ${note}` : note;
      // the fee line is part of the trades it was shared among
      t.event.row = `${t.event.row}, ${f.row}`;
    });
  }

  /** The security a money line's note names: an ISIN, or a ticker or issuer of the assets table. */
  function securityIn(note: string): { name: string; isin: string | null; ticker: string | null } {
    const isin = readIsin(/[A-Z]{2}[A-Z0-9]{9}\d/.exec(note)?.[0]);
    const upper = note.toUpperCase();
    const words = new Set(upper.split(/[^A-ZА-ЯЁ0-9._-]+/).filter(Boolean));
    for (const [name, a] of assets) {
      // a ticker as a word ("SBER"), a longer name anywhere ("ОФЗ 26238"), the ISIN or the issuer
      const named = words.has(name) || (name.length >= 6 && upper.includes(name));
      if ((isin && a.isin === isin) || named || (a.issuer && note.includes(a.issuer))) {
        return { name, isin: a.isin, ticker: tickerOf(name) };
      }
    }
    return { name: note || tx('value.notStated'), isin, ticker: null };
  }

  if (!seenTables) return refuse('columns', tx('refuse.bcsNoTables'));

  // ISINs of the assets table, for trades read before it
  for (const t of trades) {
    const a = assets.get(t.event.name.toUpperCase());
    if (!a) continue;
    t.event.isin ??= a.isin;
    // the asset's own type ("Акция обыкновенная") over the block's title ("Акция", "Пай")
    const k = securityKindOf(a.kind);
    if (k && k !== 'other') t.event.security = k;
  }
  for (const c of events) if (c.type === 'corporate') c.isin ??= assets.get(c.name.toUpperCase())?.isin ?? null;

  for (const m of money) moneyLine(m);
  for (const t of trades) events.push(t.event);

  const yearEnd = period?.to ?? null;
  if (yearEnd) {
    const flag = notYearEnd(yearEnd);
    for (const h of holdings) {
      const a = assets.get(h.name.toUpperCase());
      const traded = trades.find((t) => t.event.name.toUpperCase() === h.name.toUpperCase());
      const position: PositionEvent = {
        type: 'position',
        row: h.row,
        identity: ['position', h.name, yearEnd],
        date: yearEnd,
        name: a?.issuer ? `${h.name} (${a.issuer})` : h.name,
        isin: a?.isin ?? null,
        ticker: tickerOf(h.name),
        currency: traded?.event.currency ?? 'RUB',
        quantity: h.quantity,
        market: 'foreign',
        security: securityKindOf(a?.kind),
        flag,
      };
      events.push(position);
    }
    for (const b of balances) {
      const cash: CashEvent = {
        type: 'cash',
        row: b.row,
        identity: ['cash', b.currency, yearEnd],
        date: yearEnd,
        currency: b.currency,
        amount: b.amount,
        bank: BCS_BANK.name,
        bankCountry: BCS_BANK.country,
        flag,
      };
      events.push(cash);
    }
  }

  return {
    format,
    family: 'bcs',
    broker: BCS,
    brokerIsKz: false,
    events,
    errors: r.errors,
    skipped,
    ...(period ? { period } : {}),
  };
}

/** "FXRU.MRG" → FXRU, "CHMF_02" → CHMF; an ISIN or a name gives no ticker. */
function tickerOf(name: string): string | null {
  const m = /^([A-Z][A-Z0-9]*)(?:[._-][A-Z0-9]+)?$/.exec(name.toUpperCase());
  return m && !readIsin(name) ? m[1]! : null;
}

/**
 * The reconciliation of one import: every row read is counted by kind, every money row's amount is added to
 * the file side of its currency as it is read, and the deals' amounts to the deals side once they exist.
 * A difference between the two sides is visible to the user next to the skipped rows that explain it.
 */
import type { ReportEvent } from './events.ts';
import type { CurrencyTotals, ImportedDeal, MoneyKind, Reconciliation, SkippedRow } from './types.ts';

/**
 * An exact running sum of plain decimal strings ("-12.3400"), kept as a scaled bigint: 50,000 trades are
 * added without a Decimal object each (readDecimal gives plain strings; anything else goes through `Number`
 * only to be refused).
 */
const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

export class ExactSum {
  /**
   * Sums of the values with n decimals, at index n (no rescaling while adding): integers of up to 15
   * digits are added as doubles, which is exact below 2^53, and moved to the bigint sum before that.
   */
  private readonly small: number[] = [];
  private readonly big: bigint[] = [];

  add(value: string | null | undefined): void {
    if (!value) return;
    const dot = value.indexOf('.');
    const scale = dot < 0 ? 0 : value.length - dot - 1;
    // up to 15 significant digits: the double nearest the value, times 10^scale, rounds to the exact integer
    if (value.length <= 16 && scale < POW10.length) {
      const n = Math.round(Number(value) * POW10[scale]!);
      if (Number.isSafeInteger(n)) {
        const sum = (this.small[scale] ?? 0) + n;
        if (Math.abs(sum) < 2 ** 52) this.small[scale] = sum;
        else {
          this.small[scale] = 0;
          this.big[scale] = (this.big[scale] ?? 0n) + BigInt(sum);
        }
        return;
      }
    }
    try {
      this.big[scale] = (this.big[scale] ?? 0n) + BigInt(dot < 0 ? value : value.slice(0, dot) + value.slice(dot + 1));
    } catch {
      // not a plain decimal: the parsers never give one
    }
  }

  toString(): string {
    const scale = Math.max(0, this.small.length - 1, this.big.length - 1);
    let units = 0n;
    for (let s = 0; s <= scale; s++) {
      const v = BigInt(this.small[s] ?? 0) + (this.big[s] ?? 0n);
      if (v !== 0n) units += v * 10n ** BigInt(scale - s);
    }
    const neg = units < 0n;
    const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
    const int = digits.slice(0, digits.length - scale);
    const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
    const body = frac ? `${int}.${frac}` : int;
    return neg && body !== '0' ? `-${body}` : body;
  }
}

const KINDS: MoneyKind[] = ['proceeds', 'costs', 'income', 'taxes'];

interface Side {
  file: ExactSum;
  deals: ExactSum;
}

export class Tally {
  readonly rows: Record<string, number> = {};
  private readonly totals = new Map<string, Record<MoneyKind, Side>>();

  private side(currency: string, kind: MoneyKind): Side {
    let t = this.totals.get(currency);
    if (!t) {
      t = {} as Record<MoneyKind, Side>;
      for (const k of KINDS) t[k] = { file: new ExactSum(), deals: new ExactSum() };
      this.totals.set(currency, t);
    }
    return t[kind];
  }

  count(kind: string, n = 1): void {
    this.rows[kind] = (this.rows[kind] ?? 0) + n;
  }

  /** One event read: its kind counted and its money added to the file side. */
  read(e: ReportEvent, conversion: boolean): void {
    switch (e.type) {
      case 'trade':
        this.count(e.side === 'sell' ? 'trade_sell' : 'trade_buy');
        if (!conversion) this.side(e.currency, e.side === 'sell' ? 'proceeds' : 'costs').file.add(e.amount);
        break;
      case 'income':
        this.count(e.kind);
        this.side(e.currency, 'income').file.add(e.amount);
        break;
      case 'tax':
        this.count('tax');
        this.side(e.currency, 'taxes').file.add(e.amount);
        break;
      case 'corporate':
        this.count('corporate_action');
        this.corporate(e);
        break;
      case 'unknown':
        this.count('unknown');
        if (e.amount) this.side(e.currency, 'income').file.add(e.amount);
        break;
      default:
        this.count(e.type);
    }
  }

  private corporate(e: Extract<ReportEvent, { type: 'corporate' }>): void {
    switch (e.action) {
      case 'maturity':
      case 'coupon':
        this.side(e.currency, 'income').file.add(e.amount);
        break;
      case 'cash_merger':
      case 'tender':
      case 'delisted':
        this.side(e.currency, 'proceeds').file.add(e.amount ?? '0');
        break;
      default:
        // shares received in an exchange, spin-off or stock dividend: the cost the broker states
        if (e.quantity && !e.quantity.startsWith('-') && e.action !== 'split')
          this.side(e.currency, 'costs').file.add(e.cost);
    }
  }

  result(
    deals: readonly ImportedDeal[],
    skipped: readonly SkippedRow[],
    errors: number,
    notes: string[],
  ): Reconciliation {
    const bySection: Record<string, number> = {};
    let flagged = 0;
    for (const d of deals) {
      bySection[d.section] = (bySection[d.section] ?? 0) + 1;
      if (d.status === 1) flagged++;
      switch (d.kind) {
        case 'sale':
          this.side(d.currency_code, 'proceeds').deals.add(d.sale_closing_cost);
          break;
        case 'purchase':
          this.side(d.currency_code, 'costs').deals.add(d.purchase_opening_cost);
          break;
        case 'dividend':
        case 'coupon':
        case 'interest':
        case 'repayment':
        case 'unknown':
          this.side(d.currency_code, 'income').deals.add(d.sale_closing_cost);
          break;
      }
      if (d.foreign_tax_credit) this.side(d.currency_code, 'taxes').deals.add(d.foreign_tax_credit);
    }
    const totals: Record<string, CurrencyTotals> = {};
    for (const [currency, t] of this.totals) {
      const out = {} as CurrencyTotals;
      for (const k of KINDS) out[k] = { file: t[k].file.toString(), deals: t[k].deals.toString() };
      totals[currency] = out;
    }
    return { rows: this.rows, deals: bySection, flagged, skipped: skipped.length, errors, totals, notes };
  }
}

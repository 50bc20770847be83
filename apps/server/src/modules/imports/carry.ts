import { importerText } from '@deklarant/importers';
import { type Lot, matchFifo, type Sale } from '@deklarant/tax';
import Decimal from 'decimal.js';
import type { Db } from '../../db/db.ts';
import { heldLots } from '../deals/index.ts';
import { type MappedDeal, remark, securityKeyOf } from './mapping.ts';

/** The importer's ask for the cost, replaced once the cost is carried (importers assemble.ts). */
const ASK = importerText('comment.mergerNoCost');

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Stock mergers whose broker stated no cost (formats/corporate-actions.md): the new shares take over the
 * cost of the old shares given up, in the broker's proportion (`share`, "1" for a merger), read from the
 * person's lots of the old security — earlier imports into this and earlier declarations, and this import's
 * own purchases — held just before the merger day, FIFO, splits applied. The rule stays uncertain
 * (packages/tax `stock_merger`): the deal keeps status 1 for a person to confirm, now with the cost filled and
 * the computation in its comment. Changes the mapped deals in place.
 */
export async function carryMergerCosts(
  db: Db,
  decl: { id: number; user_id: number; year: number },
  fresh: MappedDeal[],
): Promise<void> {
  const mergers = fresh.filter((m) => m.carryFrom && m.kind === 'purchase');
  if (mergers.length === 0) return;
  for (const m of mergers) {
    const from = m.carryFrom!;
    const key = securityKeyOf(from.isin_security, from.name_security);
    const ownLots: Lot[] = [];
    const ownSales: Sale[] = [];
    for (const d of fresh) {
      if (d.securityKey !== key || d.status === 1 || !given(d.fields.quantity)) continue;
      if (d.kind === 'purchase' && given(d.fields.purchase_opening_cost)) {
        ownLots.push({
          id: `import:${d.source_key}`,
          key,
          date: d.transaction_date,
          quantity: String(d.fields.quantity),
          cost: String(d.fields.purchase_opening_cost),
          currency: d.currency_code,
          // only the cost in the lot's own currency is used here
          rate: '1',
        });
      } else if (d.kind === 'sale') {
        ownSales.push({
          id: `import:${d.source_key}`,
          key,
          date: d.transaction_date,
          quantity: String(d.fields.quantity),
        });
      }
    }
    const held = await heldLots(db, decl, key, m.transaction_date, { lots: ownLots, sales: ownSales });
    const heldQty = held.reduce((a, l) => a.plus(String(l.quantity)), new Decimal(0));
    const wanted = from.quantity ? new Decimal(from.quantity) : heldQty;
    const name = from.isin_security ?? from.name_security;
    const note = (text: string) => {
      if (m.comment?.includes(ASK)) m.comment = m.comment.replace(ASK, text);
      else remark(m, text);
    };
    if (held.length === 0 || heldQty.lt(wanted) || wanted.lte(0)) {
      const values = { security: name, date: m.transaction_date };
      note(
        heldQty.isZero()
          ? importerText('comment.mergerNoPurchases', values)
          : importerText('comment.mergerFewPurchases', {
              ...values,
              held: heldQty.toFixed(),
              wanted: wanted.toFixed(),
            }),
      );
      continue;
    }
    const match = matchFifo([{ id: 'merger', key, date: m.transaction_date, quantity: wanted.toFixed() }], held, {
      year: decl.year,
    }).matches[0]!;
    const currencies = new Set(match.consumed.map((c) => c.currency));
    const total = match.consumed.reduce((a, c) => a.plus(c.cost), new Decimal(0));
    if (currencies.size !== 1 || !currencies.has(m.currency_code)) {
      note(
        importerText('comment.mergerOtherCurrency', {
          wanted: wanted.toFixed(),
          security: name,
          costs: match.consumed.map((c) => `${c.cost} ${c.currency}`).join(' + '),
        }),
      );
      continue;
    }
    const cost = total.times(from.share).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed();
    m.fields.purchase_opening_cost = cost;
    const values = {
      security: name,
      wanted: wanted.toFixed(),
      total: total.toFixed(),
      currency: m.currency_code,
      cost,
    };
    note(
      from.share === '1'
        ? importerText('comment.mergerCostCarried', values)
        : importerText('comment.mergerCostCarriedShare', { ...values, share: from.share }),
    );
  }
}

import { money, TARIFF } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import type { DeclarationRow } from '../declarations/repo.ts';
import { tariffsRepo } from '../tariffs/repo.ts';
import type { PaymentKind } from './lifecycle.ts';

/**
 * What an invoice pays for: the tariff, options, promo code and price current when it was issued.
 * A provider's success is applied only while the declaration's current price is the same binding
 * (`sameBinding`), so an invoice issued before a dearer choice can never pay for it.
 */
export interface PriceBinding {
  kind: PaymentKind;
  tariff_id: number | null;
  options: string[];
  promo_code: string | null;
  amount: string;
}

/** The price the declaration owes now for a payment of this kind; undefined when none is chosen. */
export async function currentPrice(
  db: Db,
  declaration: { id: number; tariff_type: number | null },
  kind: PaymentKind,
): Promise<PriceBinding | undefined> {
  const t = tariffsRepo(db);
  const choice = await t.choice(declaration.id);
  if (kind === 'initial') {
    if (!choice) return undefined;
    return {
      kind,
      tariff_id: choice.tariff_id,
      options: [...choice.options].sort(),
      promo_code: choice.promo_code,
      amount: money.money2(choice.amount),
    };
  }
  const tariff = choice ? await t.byId(choice.tariff_id) : await t.byType(declaration.tariff_type ?? TARIFF.OPTIMAL);
  if (!tariff) return undefined;
  return { kind, tariff_id: tariff.id, options: [], promo_code: null, amount: money.money2(tariff.additional_cost) };
}

const canonical = (b: PriceBinding) =>
  JSON.stringify([b.kind, b.tariff_id, [...b.options].sort(), b.promo_code, money.money2(b.amount)]);

/** Two bindings buy the same thing at the same price. */
export function sameBinding(a: PriceBinding | null | undefined, b: PriceBinding | null | undefined): boolean {
  return Boolean(a && b && canonical(a) === canonical(b));
}

/**
 * Voids every invoice of the declaration that could still take money (issued, or failed and so open
 * to a late success). First in its transaction: it locks invoices before payments and declarations,
 * the same order as a callback, so the two never deadlock.
 */
export async function voidOpenInvoices(t: Db, declarationId: number, reason: string, at: Date): Promise<number> {
  const rows = await t.query(
    `UPDATE payment_invoices i SET status = 'void', void_reason = $2, closed_at = $3
     FROM payments p WHERE p.id = i.payment_id AND p.declaration_id = $1 AND i.status IN ('created', 'failed')
     RETURNING i.id`,
    [declarationId, reason, at],
  );
  return rows.length;
}

/** The declaration, locked for the rest of the transaction (after its invoices: see voidOpenInvoices). */
export const lockDeclaration = (t: Db, id: number) =>
  t.one<DeclarationRow>('SELECT * FROM declarations WHERE id = $1 FOR UPDATE', [id]);

export const hasPaidPayment = async (t: Db, declarationId: number) =>
  (await t.query(`SELECT 1 FROM payments WHERE declaration_id = $1 AND status = 'paid' LIMIT 1`, [declarationId]))
    .length > 0;

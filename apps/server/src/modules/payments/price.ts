import { money, TARIFF } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import type { PaymentKind } from '../declarations/index.ts';
import { tariffsRepo } from '../tariffs/index.ts';

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

import type { Db } from '../../db/db.ts';

export interface TariffRow {
  id: number;
  code: string;
  tariff_type: number;
  name: string;
  description: string;
  price: string;
  halyk_price: string | null;
  additional_cost: string;
  features: string[];
}
export interface OptionRow {
  id: number;
  code: string;
  name: string;
  description: string;
  price: string;
  test_host_only: boolean;
}
export interface TierRow {
  id: number;
  tariff_id: number;
  title: string;
  max_deals: number | null;
  max_assets: number | null;
  price: string;
}
export interface PromoRow {
  id: number;
  code: string;
  discount: string;
  broker: string | null;
  active: boolean;
  valid_until: Date | null;
}
export interface DeclarationTariffRow {
  declaration_id: number;
  tariff_id: number;
  options: string[];
  base_amount: string;
  options_amount: string;
  discount: string;
  amount: string;
  promo_code: string | null;
}

export function tariffsRepo(db: Db) {
  return {
    tariffs: () => db.query<TariffRow>('SELECT * FROM tariffs WHERE active ORDER BY sort_order, id'),
    byType: (tariffType: number) =>
      db.one<TariffRow>('SELECT * FROM tariffs WHERE active AND tariff_type = $1 ORDER BY sort_order, id LIMIT 1', [
        tariffType,
      ]),
    byId: (id: number) => db.one<TariffRow>('SELECT * FROM tariffs WHERE id = $1', [id]),
    options: () => db.query<OptionRow>('SELECT * FROM tariff_options WHERE active ORDER BY sort_order, id'),
    tiers: () => db.query<TierRow>('SELECT * FROM tariff_tiers ORDER BY tariff_id, sort_order, id'),
    promo: (code: string) => db.one<PromoRow>('SELECT * FROM promo_codes WHERE lower(code) = lower($1)', [code.trim()]),
    choice: (declarationId: number) =>
      db.one<DeclarationTariffRow>('SELECT * FROM declaration_tariffs WHERE declaration_id = $1', [declarationId]),
    async saveChoice(c: DeclarationTariffRow, at: Date) {
      await db.query(
        `INSERT INTO declaration_tariffs (declaration_id, tariff_id, options, base_amount, options_amount, discount, amount,
           promo_code, chosen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (declaration_id) DO UPDATE SET tariff_id = EXCLUDED.tariff_id, options = EXCLUDED.options,
           base_amount = EXCLUDED.base_amount, options_amount = EXCLUDED.options_amount, discount = EXCLUDED.discount,
           amount = EXCLUDED.amount, promo_code = EXCLUDED.promo_code, chosen_at = EXCLUDED.chosen_at`,
        [
          c.declaration_id,
          c.tariff_id,
          JSON.stringify(c.options),
          c.base_amount,
          c.options_amount,
          c.discount,
          c.amount,
          c.promo_code,
          at,
        ],
      );
    },
  };
}

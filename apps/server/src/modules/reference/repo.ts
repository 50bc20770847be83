import { orderCurrencies } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';

/** Reads of the reference tables, shaped as the contracts' reference schemas name their fields. */
export function referenceRepo(db: Db) {
  return {
    reportingForms: () =>
      db.query(
        'SELECT id AS form_id, name AS form_name, description AS form_description FROM reporting_forms ORDER BY id',
      ),
    declarationTypes: () =>
      db.query('SELECT id, type_name, type_description, is_default FROM declaration_types ORDER BY id'),
    kgdCodes: () => db.query('SELECT id, code AS code_kgd, name AS kgd_name FROM kgd_codes ORDER BY code'),
    /** Every currency, the ones people trade in first (KZT, USD, EUR, RUB, GBP, CNY), then alphabetically. */
    currencies: async () =>
      orderCurrencies(
        await db.query<{ currency_code: string }>(
          'SELECT id, code AS currency_code, name, numeric_code, is_default FROM currencies ORDER BY code',
        ),
        (c) => c.currency_code,
        false,
      ),
    countries: () =>
      db.query(
        'SELECT id, alpha3 AS country_code, alpha2, name, is_default FROM countries ORDER BY is_default DESC, name',
      ),
    biddingMethods: () => db.query('SELECT id AS method_id, name AS method_name FROM bidding_methods ORDER BY id'),
    markets: () => db.query('SELECT id AS market_id, name AS market_name, is_foreign FROM markets ORDER BY id'),
    securityTypes: () => db.query('SELECT id AS security_type, name AS type_name FROM security_types ORDER BY id'),
    operationTypes: () => db.query('SELECT id, name AS operation_name FROM operation_types ORDER BY id'),
    adjustmentTypes: () => db.query('SELECT id, name AS adjustment_name, article FROM adjustment_types ORDER BY id'),
    declarationStatuses: () => db.query('SELECT id, name FROM declaration_statuses ORDER BY id'),
    brokers: (onlyBanks: boolean) =>
      db.query(
        `SELECT id, title, name, link, extensions, count_files, file_names, is_foreign, sort_order AS "order"
         FROM brokers ${onlyBanks ? 'WHERE is_available_bank' : ''} ORDER BY sort_order, id`,
      ),
    /** The operation types a section allows: id = operation_type_id = operation_types.id (issue 19). */
    transactionTypes: (sectionId?: string) =>
      db.query<{ id: number; operation_type_id: number; section_id: string; name: string }>(
        `SELECT t.operation_type_id AS id, t.operation_type_id, t.section_id, o.name
         FROM transaction_types t JOIN operation_types o ON o.id = t.operation_type_id
         ${sectionId ? 'WHERE t.section_id = $1' : ''} ORDER BY t.section_id, t.operation_type_id`,
        sectionId ? [sectionId] : [],
      ),
    kgdCodeExists: async (id: number) => Boolean(await db.one('SELECT 1 FROM kgd_codes WHERE id = $1', [id])),
    currencyById: (id: number) => db.one<{ code: string }>('SELECT code FROM currencies WHERE id = $1', [id]),
    currencyByCode: (code: string) => db.one<{ id: number }>('SELECT id FROM currencies WHERE code = $1', [code]),
  };
}
export type ReferenceRepo = ReturnType<typeof referenceRepo>;

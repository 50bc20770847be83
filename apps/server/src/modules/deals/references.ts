import { DEAL_ID_FIELDS, FIELDS, type RefList } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';

/** The table behind each reference list of the section dictionary. */
const REF_TABLE: Partial<Record<RefList, string>> = {
  operation: 'operation_types',
  market: 'markets',
  security: 'security_types',
  bidding: 'bidding_methods',
  country: 'countries',
  currencyId: 'currencies',
  adjustment: 'adjustment_types',
};

/** Which reference table each id field of a deal points at (an unknown id is refused): from the dictionary. */
export const ID_FIELD_TABLE: Record<string, string> = Object.fromEntries(
  DEAL_ID_FIELDS.flatMap((f) => {
    const list = FIELDS[f].ref;
    const table = list ? REF_TABLE[list] : undefined;
    return table ? [[f, table]] : [];
  }),
);

export interface ReferenceSets {
  ids: Record<string, Set<number>>;
  currencyById: Map<number, string>;
  currencyCodes: Set<string>;
  /** country id -> alpha-3 */
  countryAlpha3: Map<number, string>;
  kzCountryId: number | undefined;
  /** broker names whose purchase-history link is hidden (Freedom Finance РК) */
  hiddenHistoryBrokers: Set<string>;
}

const TTL_MS = 60_000;

/**
 * The reference lists a deal is checked against, read once a minute: the save path then checks ids
 * in memory (bench budget: a save under 50 ms with 10,000 deals in the declaration).
 */
export function referenceCache(db: Db) {
  let cached: { at: number; sets: Promise<ReferenceSets> } | undefined;

  async function load(): Promise<ReferenceSets> {
    const tables = [...new Set(Object.values(ID_FIELD_TABLE))];
    const ids: Record<string, Set<number>> = {};
    for (const t of tables) {
      ids[t] = new Set((await db.query<{ id: number }>(`SELECT id FROM ${t}`)).map((r) => r.id));
    }
    const currencies = await db.query<{ id: number; code: string }>('SELECT id, trim(code) AS code FROM currencies');
    const countries = await db.query<{ id: number; alpha3: string }>(
      'SELECT id, trim(alpha3) AS alpha3 FROM countries',
    );
    const brokers = await db.query<{ name: string }>('SELECT name FROM brokers WHERE hide_history_link');
    const countryAlpha3 = new Map(countries.map((c) => [c.id, c.alpha3]));
    return {
      ids,
      currencyById: new Map(currencies.map((c) => [c.id, c.code])),
      currencyCodes: new Set(currencies.map((c) => c.code)),
      countryAlpha3,
      kzCountryId: countries.find((c) => c.alpha3 === 'KAZ')?.id,
      hiddenHistoryBrokers: new Set(brokers.map((b) => b.name)),
    };
  }

  return {
    get(): Promise<ReferenceSets> {
      const now = Date.now();
      if (!cached || now - cached.at > TTL_MS) {
        cached = { at: now, sets: load() };
        cached.sets.catch(() => {
          cached = undefined;
        });
      }
      return cached.sets;
    },
  };
}
export type ReferenceCache = ReturnType<typeof referenceCache>;

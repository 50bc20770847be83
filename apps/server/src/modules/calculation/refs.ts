import type { Db } from '../../db/db.ts';

/** Reference names the engine and the renderers need, read once per database (the lists are static). */
export interface Refs {
  currencyById: Map<number, string>;
  currencyIds: Set<string>;
  countryById: Map<number, string>;
  offshoreCountries: Set<string>;
  operationById: Map<number, string>;
  marketById: Map<number, string>;
  securityTypeById: Map<number, string>;
  kzCountryId?: number;
}

const cache = new WeakMap<Db, Promise<Refs>>();

async function read(db: Db): Promise<Refs> {
  const [cur, cty, ops, mkts, sec] = await Promise.all([
    db.query<{ id: number; code: string }>('SELECT id, code FROM currencies'),
    db.query<{ id: number; alpha3: string; is_offshore: boolean }>('SELECT id, alpha3, is_offshore FROM countries'),
    db.query<{ id: number; name: string }>('SELECT id, name FROM operation_types'),
    db.query<{ id: number; name: string }>('SELECT id, name FROM markets'),
    db.query<{ id: number; name: string }>('SELECT id, name FROM security_types'),
  ]);
  const kz = cty.find((c) => c.alpha3.trim() === 'KAZ');
  return {
    currencyById: new Map(cur.map((c) => [c.id, c.code.trim()])),
    currencyIds: new Set(cur.map((c) => c.code.trim())),
    countryById: new Map(cty.map((c) => [c.id, c.alpha3.trim()])),
    offshoreCountries: new Set(cty.filter((c) => c.is_offshore).map((c) => c.alpha3.trim())),
    operationById: new Map(ops.map((o) => [o.id, o.name])),
    marketById: new Map(mkts.map((m) => [m.id, m.name])),
    securityTypeById: new Map(sec.map((s) => [s.id, s.name])),
    kzCountryId: kz?.id,
  };
}

export function loadRefs(db: Db): Promise<Refs> {
  let p = cache.get(db);
  if (!p) {
    p = read(db).catch((err) => {
      cache.delete(db);
      throw err;
    });
    cache.set(db, p);
  }
  return p;
}

const asId = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v)) return Number(v);
  return undefined;
};

/** The letter currency code of a stored deal: the code itself, or the reference id resolved. */
export function currencyOf(deal: Record<string, unknown>, refs: Refs): string | null {
  const raw = deal.currency_code;
  if (typeof raw === 'string' && /^[A-Za-z]{3}$/.test(raw.trim())) return raw.trim().toUpperCase();
  const id = asId(raw) ?? asId(deal.currency_code_id);
  if (id !== undefined) return refs.currencyById.get(id) ?? null;
  return null;
}

/** Alpha-3 country of a stored deal: a code already given, or one of the reference id fields resolved. */
export function countryOf(deal: Record<string, unknown>, refs: Refs): string | null {
  if (typeof deal.country_code === 'string' && /^[A-Za-z]{3}$/.test(deal.country_code)) {
    return deal.country_code.toUpperCase();
  }
  for (const f of ['country_code_registration_id', 'country_id', 'country_code_id']) {
    const id = asId(deal[f]);
    if (id !== undefined) {
      const code = refs.countryById.get(id);
      if (code) return code;
    }
  }
  return null;
}

export const nameOf = (map: Map<number, string>, v: unknown): string | null => {
  const id = asId(v);
  return id === undefined ? null : (map.get(id) ?? null);
};

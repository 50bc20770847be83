import { DEFAULT_LANGUAGE, type Language, LOCALE_TAG } from '@deklarant/i18n';
import ru from '@deklarant/i18n/locales/ru/reference.json';
import { t } from '../../lib/language.ts';

/**
 * The reference tables' texts in three languages: the `reference` catalogue holds, per group, each row's
 * text by its id (`reference:<group>.<id>`); the Russian catalogue equals the seed data
 * (db/reference-data/*.json, test/reference-i18n.test.ts keeps them equal).
 *
 * Countries and currencies are named by their ISO codes from CLDR (Node has full ICU; browsers may lack
 * Kazakh data, so this is done here, not in the web). Not translated: broker names (brands, and the value a
 * declaration stores).
 *
 * The KGD offices (`kgd_names`): Russian is the seed's official names; the Kazakh and English names are ours,
 * not taken from a KGD source: written in the authority's pattern («Ақкөл ауданы бойынша МКБ (Ақмола обл.)»,
 * «Ақмола облысы бойынша МКД»; "State Revenue Office, Akkol District (Akmola Region)") with the Kazakh and
 * official English toponyms (packages/i18n/GLOSSARY.md, "KGD office names": a native reviewer should check them).
 * The Excel workbook reads the office's Russian name from the database and finds its other languages by that text
 * (translator().localize); an office an administrator renamed keeps its Russian name.
 */
export const SEED_COLUMNS = [
  { table: 'security_types', column: 'name', group: 'security_types' },
  { table: 'operation_types', column: 'name', group: 'operation_types' },
  { table: 'markets', column: 'name', group: 'markets' },
  { table: 'bidding_methods', column: 'name', group: 'bidding_methods' },
  { table: 'declaration_types', column: 'type_name', group: 'declaration_types' },
  { table: 'declaration_types', column: 'type_description', group: 'declaration_type_descriptions' },
  { table: 'declaration_statuses', column: 'name', group: 'declaration_statuses' },
  { table: 'adjustment_types', column: 'name', group: 'adjustment_types' },
  { table: 'adjustment_types', column: 'article', group: 'adjustment_articles' },
  // not served by /api/common (the tax engine names the benefit of a calculation); here so the catalogue
  // can give its Russian name in another language
  { table: 'tax_benefits', column: 'name', group: 'tax_benefits' },
  { table: 'reporting_forms', column: 'description', group: 'reporting_forms' },
  { table: 'brokers', column: 'title', group: 'broker_titles' },
  { table: 'brokers', column: 'file_names', group: 'broker_files' },
  { table: 'tariffs', column: 'name', group: 'tariff_names' },
  { table: 'tariffs', column: 'description', group: 'tariff_descriptions' },
  { table: 'tariffs', column: 'features', group: 'tariff_features' },
  { table: 'tariff_tiers', column: 'title', group: 'tariff_tiers' },
  { table: 'tariff_options', column: 'name', group: 'option_names' },
  { table: 'tariff_options', column: 'description', group: 'option_descriptions' },
  { table: 'kgd_codes', column: 'name', group: 'kgd_names' },
] as const;

export type ReferenceGroup = (typeof SEED_COLUMNS)[number]['group'];

/** Per answer: the field naming the row's id, and each text field with its catalogue group. */
export interface AnswerTexts {
  id: string;
  fields: Record<string, ReferenceGroup>;
  /** a name given by its ISO code from CLDR (Node's full ICU): countries and currencies need no catalogue */
  iso?: { field: string; code: string; type: 'region' | 'currency' };
}

const displayNames = new Map<string, Intl.DisplayNames>();
function isoName(lng: Language, type: 'region' | 'currency', code: unknown, value: unknown): unknown {
  if (typeof code !== 'string' || !code) return value;
  const key = `${lng}:${type}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_TAG[lng]], { type, fallback: 'none' });
    displayNames.set(key, names);
  }
  try {
    return names.of(code) ?? value;
  } catch {
    return value;
  }
}

type Catalogue = { [key: string]: string | Catalogue };
const RU = ru as unknown as Record<ReferenceGroup, Catalogue>;

/** A text in `lng` when the catalogue has the row's Russian text as it is; else the text unchanged (a row
 * an administrator renamed or added keeps its Russian name rather than show a stale translation). */
function text(lng: Language, key: string, russian: string | Catalogue | undefined, value: string): string {
  return russian === value ? t(lng, `reference:${key}`) : value;
}

function localizeValue(lng: Language, group: ReferenceGroup, id: string, value: unknown): unknown {
  const own = RU[group]?.[id];
  if (typeof value === 'string') return text(lng, `${group}.${id}`, own, value);
  if (Array.isArray(value) && own && typeof own === 'object')
    return value.map((v, i) => (typeof v === 'string' ? text(lng, `${group}.${id}.${i}`, own[String(i)], v) : v));
  return value;
}

/** The rows with their texts in `lng`; Russian rows are returned as they are. */
export function localizeRows<T>(lng: Language, rows: T[], spec: AnswerTexts | undefined): T[] {
  if (lng === DEFAULT_LANGUAGE || !spec) return rows;
  return rows.map((row) => {
    const r = row as Record<string, unknown>;
    const id = String(r[spec.id]);
    const out: Record<string, unknown> = { ...r };
    for (const [field, group] of Object.entries(spec.fields))
      if (field in r) out[field] = localizeValue(lng, group, id, r[field]);
    if (spec.iso) out[spec.iso.field] = isoName(lng, spec.iso.type, r[spec.iso.code], r[spec.iso.field]);
    return out as T;
  });
}

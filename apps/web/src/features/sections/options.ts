import { DEBT_TYPES } from '@deklarant/contracts';
import { currentLanguage, currentLocale, i18next, tOr } from '../../shared/i18n/index.ts';
import { pickerOptions } from '../../shared/ui/pickers.ts';
import { useReferenceList } from './api.ts';
import type { FieldDef, RefList } from './fields.ts';

export interface Option {
  value: string;
  label: string;
}

type Row = Record<string, unknown>;

const operationName = (r: Row) => tOr(`fields:operation.${r.id}`, String(r.operation_name));

/**
 * Countries by the name shown in the active language (the server sorts them by the Russian name), the
 * default one (Kazakhstan) first as the server has it.
 */
function byShownName(rows: Row[], option: (r: Row) => Option): Row[] {
  if (currentLanguage() === 'ru') return rows;
  const collator = new Intl.Collator(currentLocale());
  const label = new Map(rows.map((r) => [r, option(r).label]));
  return [...rows].sort(
    (a, b) =>
      Number(Boolean(b.is_default)) - Number(Boolean(a.is_default)) ||
      collator.compare(label.get(a) ?? '', label.get(b) ?? ''),
  );
}

/** Where each reference list comes from and how a row becomes an option (lists arrive in the active language:
 * the server names countries and currencies from CLDR, browsers may lack Kazakh data). */
const SOURCES: Record<Exclude<RefList, 'debtType'>, { call: string; option: (r: Row) => Option }> = {
  currency: {
    call: 'get-currency-codes',
    option: (r) => ({
      value: String(r.currency_code),
      label: `${r.currency_code} — ${r.name}`,
    }),
  },
  currencyId: {
    call: 'get-currency-codes',
    option: (r) => ({
      value: String(r.id),
      label: `${r.currency_code} — ${r.name}`,
    }),
  },
  country: {
    call: 'get-countries',
    option: (r) => ({ value: String(r.id), label: String(r.name) }),
  },
  operation: { call: 'get-operation-types', option: (r) => ({ value: String(r.id), label: operationName(r) }) },
  market: { call: 'get-markets', option: (r) => ({ value: String(r.market_id), label: String(r.market_name) }) },
  security: {
    call: 'get-security-types',
    option: (r) => ({ value: String(r.security_type), label: String(r.type_name) }),
  },
  bidding: {
    call: 'get-bidding-methods',
    option: (r) => ({ value: String(r.method_id), label: String(r.method_name) }),
  },
  adjustment: {
    call: 'get-adjustment-types',
    option: (r) => ({ value: String(r.id), label: String(r.adjustment_name) }),
  },
};

/** Debt type Д (receivable) or К (payable): the stored values are the form's own letters. */
const debtTypes = (): Option[] =>
  DEBT_TYPES.map((value) => ({
    value,
    label: i18next.t(value === DEBT_TYPES[0] ? 'sections:field.debtReceivable' : 'sections:field.debtPayable'),
  }));

/** Options of a select field (operation types narrowed to those the section offers). */
export function useOptions(field: FieldDef): { options: Option[]; loading: boolean } {
  const source = field.ref && field.ref !== 'debtType' ? SOURCES[field.ref] : undefined;
  const q = useReferenceList(source?.call ?? 'get-currency-codes', source !== undefined);
  if (field.ref === 'debtType') return { options: debtTypes(), loading: false };
  if (!source) return { options: [], loading: false };
  const rows = (q.data ?? []) as Row[];
  let options: Option[] = pickerOptions(
    field.ref,
    field.ref === 'country' ? byShownName(rows, source.option) : rows,
    source.option,
  );
  if (field.only) options = options.filter((o) => field.only?.includes(Number(o.value)));
  return { options, loading: q.isPending };
}

/** Selects show search above 6 options. */
export const searchable = (options: readonly Option[]) => options.length > 6;

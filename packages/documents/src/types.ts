import type {
  DealDecimalField,
  DealFlagField,
  DealIdField,
  DealTextField,
  FifthSectionField,
  ReportingFormId,
} from '@deklarant/contracts';

/** Decimal string ("1234.56"); numbers are tolerated but strings are what the caller should pass. */
export type DecimalString = string;

/**
 * One deal as the renderers receive it: the stored deal fields with decimal-string amounts
 * (KZT amounts already computed by the caller), plus reference names resolved by the caller.
 */
export type DocumentDeal = { id?: number; status?: number | null } & Partial<
  Record<DealTextField, string | null> &
    Record<DealDecimalField, DecimalString | number | null> &
    Record<DealIdField, number | null> &
    Record<DealFlagField, boolean | null>
> & {
    /** operation type name, e.g. 'Продажа' (resolved from operation_type_id) */
    operation_name?: string | null;
    /** country code from the reference list (e.g. 'USA'), resolved from the *_id fields */
    country_code?: string | null;
    /** security type name, e.g. 'Акции' */
    security_type_name?: string | null;
    /** market name, e.g. 'KASE' */
    market_name?: string | null;
  };

export interface DocumentPersonal {
  iin: string;
  surname: string;
  name: string;
  patronymic?: string | null;
  phone?: string | null;
  email?: string | null;
  spouses_iin?: string | null;
}

/** One explained calculation line (from the tax engine). */
export interface DocumentLine {
  /** fifth_section field or form line, e.g. 'dividends' or '270.01.B_1_4' */
  field: string;
  amount: DecimalString;
  /** Russian explanation of the rule applied */
  rule: string;
  /** legal basis, e.g. 'ст. 341 НК РК' */
  article: string;
}

export interface DeclarationDocument {
  /** 1 = 240.00, 2 = 250.00, 3 = 270.00 (FORM in contracts) */
  form: ReportingFormId;
  year: number;
  /** declaration kind, e.g. {id: 1, name: 'Очередная'} */
  type: { id: number; name: string };
  /** 4-digit tax office code (КОГД), written to rating_auth_code */
  kgdCode: string;
  kgdName: string;
  personal: DocumentPersonal;
  /** deals by section key (SECTIONS[].key in contracts) */
  sections: Record<string, DocumentDeal[]>;
  fifthSection?: Partial<Record<FifthSectionField, DecimalString>>;
  lines?: DocumentLine[];
  /**
   * The year's one ИПН rate ('0.10') when it applies to all the form's income: the form's line H is then
   * G x rate in whole tenge (packages/tax `flatIncomeTaxRate`); absent, H is the engine's tax rounded.
   */
  taxRate?: DecimalString | null;
  /** moment of generation, passed by the caller (renderers never read the clock) */
  generatedAt: Date;
}

/** Rows of the tables many modules read (`users`, `declarations`): their shape has one home, below the modules. */

/** A row of `users`. */
export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  name: string;
  surname: string;
  patronymic: string | null;
  phone: string | null;
  iin: string | null;
  spouses_iin: string | null;
  role: 'user' | 'manager' | 'admin';
  full_access: boolean;
  bank_name: string | null;
  broker_client_id: string | null;
  is_onboarding_completed: boolean;
  must_change_password: boolean;
  failed_logins: number;
  blocked_until: Date | null;
  /** 'ru' | 'kk' | 'en' as chosen (migration 0020); null until chosen */
  language: string | null;
}

/** A row of `declarations`. */
export interface DeclarationRow {
  id: number;
  user_id: number;
  manager_id: number | null;
  status: number;
  tariff_type: number | null;
  reporting_form_id: number;
  type: number;
  year: number;
  kgd_code_id: number;
  created_at: Date;
  updated_at: Date;
  declaration_expired_date: Date | null;
  archived_at: Date | null;
  broker: string | null;
  referral_code: string | null;
  tax_office_sending: boolean;
  personal_data: Record<string, unknown>;
  fifth_section: Record<string, unknown> | null;
  /** bumped by a trigger on every change to the declaration's deals (int8: a string on pg, a number on PGlite) */
  deals_revision: string | number;
  /** the tax office's latest answer (issue 17: 'sent', 'accepted', 'rejected'), or null when not sent */
  submission_status: 'sent' | 'accepted' | 'rejected' | null;
  submission_number: string | null;
  submission_registered_at: Date | null;
  submission_reason: string | null;
}

/** Every column of `declarations` (a test compares it with the table): reads that name their columns use it. */
export const DECLARATION_COLUMNS = [
  'id',
  'user_id',
  'manager_id',
  'status',
  'tariff_type',
  'reporting_form_id',
  'type',
  'year',
  'kgd_code_id',
  'created_at',
  'updated_at',
  'declaration_expired_date',
  'archived_at',
  'broker',
  'referral_code',
  'tax_office_sending',
  'personal_data',
  'fifth_section',
  'deals_revision',
  'submission_status',
  'submission_number',
  'submission_registered_at',
  'submission_reason',
] as const satisfies readonly (keyof DeclarationRow)[];

/** One purchase lot a sale consumed, as stored in `deal_lots`. */
export interface ConsumedRow {
  sale_deal_id: number;
  purchase_deal_id: number;
  seq: number;
  quantity: string;
  cost: string;
  cost_kzt: string;
  currency_code: string;
  rate: string;
  previous_period: boolean;
}

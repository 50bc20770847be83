import server from '@deklarant/i18n/locales/ru/server.json';
import type { ImportedDeal, RowError, SkippedRow } from '@deklarant/importers';
import { z } from 'zod';

/**
 * The partner broker/bank API (ARCHITECTURE.md, providers): the deals of one broker client for one tax year,
 * in the importers' normalized shape, so an uploaded report and a partner fetch share one mapping path.
 */
export interface PartnerQuery {
  /** the broker's own client id (users.broker_client_id) */
  clientId: string;
  /** partner variant: 'demo' for ordinary partners, 'halykfinance' for the bank partner */
  bankName: string | null;
  year: number;
}

export interface PartnerReport {
  broker: string;
  clientId: string;
  deals: ImportedDeal[];
  errors: RowError[];
  skipped: SkippedRow[];
}

export interface PartnerProvider {
  readonly kind: 'sandbox' | 'http';
  fetchDeals(q: PartnerQuery): Promise<PartnerReport>;
}

/** A refusal the user reads as is (Russian); `status` is the HTTP status our API answers with. */
export class PartnerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerError';
  }
}

export const PARTNER_MSG = server.partner;

const dec = z.string().regex(/^-?\d{1,18}(\.\d{1,10})?$/);
const ruDate = z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/);
const text = (max = 512) => z.string().max(max);

/** The wire shape of one deal (the importers' ImportedDeal), checked before anything is mapped. */
export const PartnerDeal = z.object({
  section: z.enum([
    'first_section_a',
    'first_section_b',
    'first_section_c',
    'second_section',
    'third_section',
    'fourth_section',
    'purchase_transaction_section',
    'sixth_section_first_part',
    'sixth_section_second_part',
  ]),
  kind: z.enum([
    'sale',
    'purchase',
    'dividend',
    'coupon',
    'interest',
    'repayment',
    'position',
    'cash_balance',
    'unknown',
  ]),
  operation_type_id: z.number().int().min(1).max(20).nullable(),
  transaction_date: ruDate,
  name_security: text(255),
  isin_security: text(30).nullable(),
  ticker: text(64).nullable(),
  quantity: dec.nullable(),
  currency_code: z.string().regex(/^[A-Z]{3,5}$/),
  sale_closing_cost: dec.nullable(),
  purchase_opening_cost: dec.nullable(),
  commission: dec.nullable(),
  foreign_tax_credit: dec.nullable(),
  amount_in_currency: dec.nullable(),
  country_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  market: z.enum(['KZ', 'foreign']),
  exchange: text(64).nullable(),
  type_of_security: z
    .enum(['share', 'bond', 'fund', 'depositary_receipt', 'derivative', 'digital_asset', 'currency', 'other'])
    .nullable(),
  bank_name: text(255).nullable(),
  source_key: z.string().regex(/^[A-Za-z0-9:_-]{4,80}$/),
  status: z.literal(1).nullable(),
  comment: text(1000).nullable(),
  row: z.union([z.number(), text(200)]),
});

export const PartnerAnswer = z.object({
  broker: text(255),
  client_id: text(64),
  deals: z.array(PartnerDeal).max(200_000),
  errors: z
    .array(z.object({ row: z.union([z.number(), z.string()]), field: z.string().optional(), message: z.string() }))
    .default([]),
  skipped: z.array(z.object({ row: z.union([z.number(), z.string()]), reason: z.string() })).default([]),
});
export type PartnerAnswer = z.infer<typeof PartnerAnswer>;

/** Client ids are short tokens (digits, letters, dashes): anything else never reaches a URL. */
export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const isHalyk = (bank: string | null | undefined) => (bank ?? '').trim().toLowerCase() === 'halykfinance';

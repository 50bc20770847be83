import { OPERATION, OPERATION_TYPE_NAMES } from './reference.ts';
import { SECTIONS, type SectionCode } from './sections.ts';
import { fieldsFormat, fieldsText } from './texts.ts';

/**
 * Which operation types a deal of each section may have (issue 19; docs/adr/2026-11-24-one-operation-numbering.md).
 * `operation_type_id` is always an id of GET /api/common/get-operation-types (the order of
 * OPERATION_TYPE_NAMES: 1 Продажа … 11 Выплата вознаграждения); get-transaction-types, the deal form's
 * choices and validateDeal all read this table. docs/sections.md shows it.
 */

/** A Russian operation type name (operation.<id> of the `fields` catalogue). */
export type OperationTypeName = string;

/** Id of an operation type (its 1-based place in OPERATION_TYPE_NAMES); 0 for a name the list does not have. */
export const operationTypeId = (name: OperationTypeName) => OPERATION_TYPE_NAMES.indexOf(name) + 1;
export const operationTypeName = (id: number): OperationTypeName | undefined => OPERATION_TYPE_NAMES[id - 1];
const named = (...ids: number[]) => ids.map((id) => OPERATION_TYPE_NAMES[id - 1] as string);

/** What the operations of a section have in common: the words of the refusal message. */
export type OperationGroup = 'disposal' | 'acquisition' | 'income';

export interface SectionOperations {
  group: OperationGroup;
  names: readonly OperationTypeName[];
}

const DISPOSALS: SectionOperations = {
  group: 'disposal',
  names: named(OPERATION.SALE, OPERATION.EXCHANGE_OUT, OPERATION.GIFT_OUT),
};
const ACQUISITIONS: SectionOperations = {
  group: 'acquisition',
  names: named(OPERATION.PURCHASE, OPERATION.EXCHANGE_IN, OPERATION.GIFT_IN),
};

/**
 * Sections with an operation type. Sources of each choice:
 * - I.A and II: the three ways a security leaves its owner, as the sections' own descriptions say
 *   ("Продажа, обмен и безвозмездная передача", sections.ts) and as the former per-section list gave
 *   them; the gift-transfer warning is for exactly these two sections. Bond repayments are not declared
 *   here: they go to I.B and IV (their "погашение" lines), so no repayment.
 * - I.B: repayment, dividend and remuneration (the section title; the form preselects the repayment for
 *   I.B and IV) plus "Вознаграждение, полученное не по ЦБ": interest paid by a Kazakh broker, which the
 *   importers put here flagged for a check (importers/src/classify.ts classifyIncome).
 * - I.C: derivative income and, for reverse repo, remuneration not from securities (the section title).
 * - III: dividends only (the section has no choice on the form; the importers store Выплата дивиденда).
 * - IV: repayment, remuneration (coupons) and remuneration not from securities (interest on foreign
 *   accounts, the section description; the importers' foreign interest).
 * - Purchases and the purchase history: the three ways a security is acquired (the former list for
 *   the purchase section; the history holds the purchases behind a sale).
 * Every other section (rental, property, money, debts, form 250.00) has no operation type.
 */
export const OPERATIONS_BY_SECTION: Readonly<Partial<Record<SectionCode, SectionOperations>>> = {
  '1A': DISPOSALS,
  '2': DISPOSALS,
  '1B': {
    group: 'income',
    names: named(OPERATION.REPAYMENT, OPERATION.REWARD_NOT_SECURITY, OPERATION.DIVIDEND, OPERATION.REWARD),
  },
  '1C': { group: 'income', names: named(OPERATION.DERIVATIVES, OPERATION.REWARD_NOT_SECURITY) },
  '3': { group: 'income', names: named(OPERATION.DIVIDEND) },
  '4': { group: 'income', names: named(OPERATION.REPAYMENT, OPERATION.REWARD_NOT_SECURITY, OPERATION.REWARD) },
  purchase: ACQUISITIONS,
  history: ACQUISITIONS,
};

/** Operation type ids a section allows, ascending (names are listed in id order); empty: none. */
export const operationIdsOf = (code: SectionCode): number[] =>
  (OPERATIONS_BY_SECTION[code]?.names ?? []).map(operationTypeId);

const quoted = (names: readonly string[]) => {
  const q = names.map((n) => `«${n}»`);
  return q.length === 1 ? q[0]! : `${q.slice(0, -1).join(', ')} ${fieldsText('rule.operation.or')} ${q.at(-1)!}`;
};

/** The refusals, from rule.operation.* of the `fields` catalogue (the group names what the section holds). */
export const OPERATION_TEXT = {
  notInSection: fieldsText('rule.operation.notInSection'),
  notAllowed: (name: string | undefined, ops: SectionOperations) =>
    name
      ? fieldsFormat(`rule.operation.${ops.group}`, { name, choices: quoted(ops.names) })
      : fieldsFormat('rule.operation.unknown', { choices: quoted(ops.names) }),
} as const;

/** Russian refusal when the section does not allow this operation type; null when it does. */
export function operationError(code: SectionCode, raw: unknown): string | null {
  const id = Number(raw);
  const ops = OPERATIONS_BY_SECTION[code];
  if (!ops) return OPERATION_TEXT.notInSection;
  return operationIdsOf(code).includes(id) ? null : OPERATION_TEXT.notAllowed(operationTypeName(id), ops);
}

/**
 * Rows of GET /api/common/get-transaction-types: per section key, the operation types it allows.
 * `id` is the operation type id (the same number a deal's operation_type_id carries).
 */
export const TRANSACTION_TYPES = SECTIONS.flatMap((s) =>
  operationIdsOf(s.code).map((id) => ({
    id,
    operation_type_id: id,
    section_id: s.key,
    name: operationTypeName(id)!,
  })),
);

import { ruDate, text } from '../format.ts';
import type { DeclarationDocument } from '../types.ts';
import type { FnoField } from './model.ts';
import { bool } from './model.ts';

/** Declaration kind flag by type name; 'Очередная' is the default. */
const KIND_FLAGS: [RegExp, string][] = [
  [/первоначальн/i, 'dt_main'],
  [/дополнительн/i, 'dt_additional'],
  [/уведомлен/i, 'dt_notice'],
  [/очередн/i, 'dt_regular'],
];
export const KIND_FIELDS = ['dt_regular', 'dt_main', 'dt_additional', 'dt_notice'] as const;

export function kindField(typeName: string): (typeof KIND_FIELDS)[number] {
  const hit = KIND_FLAGS.find(([re]) => re.test(typeName));
  return (hit?.[1] ?? 'dt_regular') as (typeof KIND_FIELDS)[number];
}

export function kindFields(doc: DeclarationDocument): FnoField[] {
  const kind = kindField(doc.type?.name ?? '');
  return KIND_FIELDS.map((f) => [f, bool(f === kind)] as const);
}

/** Digits of a phone with a leading '+', e.g. '+77771234567'. */
export function phone(v: unknown): string {
  const digits = text(v).replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

export const submitDate = (doc: DeclarationDocument) => ruDate(doc.generatedAt);

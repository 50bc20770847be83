import { DEAL_STATUS_NEEDS_INFO } from '@deklarant/contracts';
import type { DeclarationDocument, DocumentDeal } from './types.ts';

/** Deals of a section that count for the declaration (status 1 = needs more info is left out). */
export function countedDeals(doc: DeclarationDocument, key: string): DocumentDeal[] {
  return (doc.sections[key] ?? []).filter((d) => d.status !== DEAL_STATUS_NEEDS_INFO);
}

/** First non-blank of the given deal fields. */
export function pick(d: DocumentDeal, ...fields: (keyof DocumentDeal)[]): unknown {
  for (const f of fields) {
    const v = d[f];
    if (v !== null && v !== undefined && v !== '' && v !== 'null') return v;
  }
  return undefined;
}

/**
 * Every React Query key the features share, in one place (docs/adr/2026-11-24-one-query-key-module.md).
 *
 * Keys are arrays whose prefixes mean something: invalidating `queryKeys.declarations.all` refreshes the
 * declaration, its lists, its calculation and its XML list at once, so everything derived from a
 * declaration lives under `['declarations', ...]`. A screen that needs a new key adds it here.
 */
export const queryKeys = {
  /** The signed-in person (GET /api/authenticated). */
  me: ['me'] as const,
  /** A reference list of GET /api/common/{call}. */
  reference: (call: string) => ['reference', call] as const,
  declarations: {
    all: ['declarations'] as const,
    lists: ['declarations', 'list'] as const,
    list: (archived: boolean, page: number) => ['declarations', 'list', archived, page] as const,
    one: (id: number) => ['declarations', 'one', id] as const,
    /** Step 6: the figures of the declaration. */
    calculation: (id: number) => ['declarations', 'calculation', id] as const,
    /** Step 8: the XML files generated so far. */
    xmlList: (id: number) => ['declarations', 'xml-list', id] as const,
    /** Step 8 and the card: the sending and the tax office's answer, polled while 'Отправлено'. */
    submission: (id: number) => ['declarations', 'submission', id] as const,
  },
  sections: {
    all: (id: number) => ['sections', id] as const,
    list: (id: number, slug: string, previous: boolean) => ['sections', id, slug, 'list', previous] as const,
    deal: (id: number, slug: string, dealId: number) => ['sections', id, slug, 'deal', dealId] as const,
    historyDeals: (id: number, dealId: number) => ['sections', id, 'history-deals', dealId] as const,
    calculate: (id: number, slug: string, payload: unknown) => ['sections', id, slug, 'calculate', payload] as const,
  },
  /** A background import, polled until it finishes. */
  importJob: (id: number | null) => ['imports', id] as const,
  tariffs: ['tariffs'] as const,
} as const;

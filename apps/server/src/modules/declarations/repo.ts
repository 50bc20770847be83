import { money, SECTION_KEYS } from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import { type ConsumedRow, DECLARATION_COLUMNS, type DeclarationRow } from '../../db/rows.ts';
import { FOLLOW_LOTS_JOB } from '../../jobs/kinds.ts';
import { batched } from '../../lib/batch.ts';
import { nextTurn } from '../../lib/slices.ts';
import { type AuditEntry, auditOfRows } from './audit.ts';
import { isoDate } from './dates.ts';

export { DECLARATION_COLUMNS, type DeclarationRow } from '../../db/rows.ts';

export type NewDeclarationRow = Pick<
  DeclarationRow,
  | 'user_id'
  | 'manager_id'
  | 'reporting_form_id'
  | 'type'
  | 'year'
  | 'kgd_code_id'
  | 'broker'
  | 'created_at'
  | 'declaration_expired_date'
  | 'personal_data'
> &
  Partial<Pick<DeclarationRow, 'status' | 'tariff_type' | 'referral_code' | 'tax_office_sending'>>;

/** What the list of declarations shows (common data): the row without personal data and the result. */
export type DeclarationListRow = Omit<DeclarationRow, 'personal_data' | 'fifth_section'>;
const LIST_COLUMNS = DECLARATION_COLUMNS.filter((c) => c !== 'personal_data' && c !== 'fifth_section');

/** Archived: explicitly, or once the expiry date has passed (`at` is now); `t` is the declarations row. */
const archivedSql = (t: string, at: string) =>
  `(${t}.archived_at IS NOT NULL OR (${t}.declaration_expired_date IS NOT NULL AND ${t}.declaration_expired_date <= ${at}))`;

/**
 * Common table expressions that remove the drafts whose expiry has passed of the users in `w`
 * (user_id, at: their now), each with its 'draft_removed' audit row (a system action: no actor);
 * `removed` names the removed ids. A removed draft's securities that the person's later declarations
 * sell are queued for the follow-up that re-matches those sales (as `queueFollowRemoved` does for a
 * deletion; the statement still sees the removed deals).
 */
const sweepDraftsSql = (w: string) => `removed AS (
    DELETE FROM declarations d USING ${w} w
    WHERE d.user_id = w.user_id AND d.status = 1 AND ${archivedSql('d', 'w.at')}
    RETURNING d.id, d.user_id, d.year, w.at
  ), audited AS (
    INSERT INTO audit_log (declaration_id, entity, entity_id, action, created_at)
    SELECT id, 'declaration', id::text, 'draft_removed', at FROM removed RETURNING declaration_id AS id
  ), followed AS (
    INSERT INTO jobs (kind, payload, run_at, created_at, updated_at)
    SELECT '${FOLLOW_LOTS_JOB}',
      jsonb_build_object('userId', r.user_id, 'year', r.year, 'keys', jsonb_agg(DISTINCT l.security_key)), r.at, r.at, r.at
    FROM removed r JOIN deals g ON g.declaration_id = r.id AND g.security_key IS NOT NULL
      JOIN declarations c ON c.user_id = r.user_id AND c.year > r.year
      JOIN deals l ON l.declaration_id = c.id AND l.security_key = g.security_key
    GROUP BY r.id, r.user_id, r.year, r.at
  )`;

/** A page of the declarations list one request asks for. */
interface ListQuery {
  userId: number;
  archived: boolean;
  now: Date;
  limit: number;
  offset: number;
}
type ListPage = { rows: DeclarationListRow[]; total: number | undefined };

/**
 * The pages of the list requests in flight together, in one statement: first the expired drafts of
 * their users are removed (drafts are removed rather than archived), then each page is read with its
 * total. The pages see the rows as they were before the DELETE, so they leave the removed ids out.
 */
const LIST_SQL = `WITH q AS (
    SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::boolean[], $4::int[], $5::int[])
      WITH ORDINALITY AS q(user_id, at, archived, lim, off, n)
  ), ${sweepDraftsSql('q')}
  SELECT q.n AS n_, page.* FROM q CROSS JOIN LATERAL (
    SELECT ${LIST_COLUMNS.map((c) => `l.${c}`).join(', ')}, count(*) OVER ()::int AS total_ FROM declarations l
    WHERE l.user_id = q.user_id AND ${archivedSql('l', 'q.at')} = q.archived AND l.id NOT IN (SELECT id FROM removed)
    ORDER BY l.created_at DESC, l.id DESC LIMIT q.lim OFFSET q.off
  ) page`;

async function readPages(db: Db, queries: ListQuery[]): Promise<ListPage[]> {
  const rows = await db.query<DeclarationListRow & { n_: number; total_: number }>(LIST_SQL, [
    queries.map((q) => q.userId),
    queries.map((q) => q.now),
    queries.map((q) => q.archived),
    queries.map((q) => q.limit),
    queries.map((q) => q.offset),
  ]);
  const pages = queries.map((): ListPage => ({ rows: [], total: undefined }));
  for (const { n_, total_, ...row } of rows) {
    const page = pages[Number(n_) - 1] as ListPage;
    page.rows.push(row);
    page.total = total_;
  }
  return pages;
}

/** One batching list reader per database: the list requests in flight share its round trips. */
const listReaders = new WeakMap<Db, (q: ListQuery) => Promise<ListPage>>();

export function declarationsRepo(db: Db) {
  return {
    async insert(row: NewDeclarationRow): Promise<DeclarationRow> {
      const created = await db.one<DeclarationRow>(
        `INSERT INTO declarations (user_id, manager_id, status, tariff_type, reporting_form_id, type, year, kgd_code_id,
           created_at, updated_at, declaration_expired_date, broker, referral_code, tax_office_sending, personal_data)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14) RETURNING *`,
        [
          row.user_id,
          row.manager_id,
          row.status ?? 1,
          row.tariff_type ?? null,
          row.reporting_form_id,
          row.type,
          row.year,
          row.kgd_code_id,
          row.created_at,
          row.declaration_expired_date,
          row.broker,
          row.referral_code ?? null,
          row.tax_office_sending ?? false,
          JSON.stringify(row.personal_data),
        ],
      );
      if (!created) throw new Error('declaration not inserted');
      return created;
    },

    /** The user's own declaration; another user's id reads exactly like a missing one. */
    byIdForUser: (id: number, userId: number) =>
      db.one<DeclarationRow>('SELECT * FROM declarations WHERE id = $1 AND user_id = $2', [id, userId]),

    byId: (id: number) => db.one<DeclarationRow>('SELECT * FROM declarations WHERE id = $1', [id]),

    /**
     * A page of the user's declarations with the total, after their expired drafts are removed: one
     * statement for all the list requests in flight (`batched`). Only a page past the end asks again
     * for the total.
     */
    async listForUser(
      userId: number,
      opts: { archived: boolean; now: Date; limit: number; offset: number },
    ): Promise<{ rows: DeclarationListRow[]; total: number }> {
      let read = listReaders.get(db);
      if (!read) {
        read = batched((queries: ListQuery[]) => readPages(db, queries));
        listReaders.set(db, read);
      }
      const page = await read({ userId, ...opts });
      if (page.total !== undefined || opts.offset === 0) return { rows: page.rows, total: page.total ?? 0 };
      const count = await db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM declarations d WHERE d.user_id = $1 AND ${archivedSql('d', '$2')} = $3`,
        [userId, opts.now, opts.archived],
      );
      return { rows: page.rows, total: count?.n ?? 0 };
    },

    /** Removes the user's expired drafts (see listForUser), when a single declaration is asked for. */
    removeExpiredDrafts: (userId: number, now: Date) =>
      db.query<{ id: number }>(
        `WITH w AS (SELECT $1::int AS user_id, $2::timestamptz AS at), ${sweepDraftsSql('w')} SELECT id FROM audited`,
        [userId, now],
      ),

    remove: async (id: number) => {
      await db.query('DELETE FROM declarations WHERE id = $1', [id]);
    },

    setStatus: async (id: number, status: number, now: Date) => {
      await db.query('UPDATE declarations SET status = $2, updated_at = $3 WHERE id = $1', [id, status, now]);
    },

    /** Payment and the manager path may move the expiry date (archiving follows it). */
    setExpiry: async (id: number, expires: Date | null, now: Date) => {
      await db.query('UPDATE declarations SET declaration_expired_date = $2, updated_at = $3 WHERE id = $1', [
        id,
        expires,
        now,
      ]);
    },
  };
}
export type DeclarationsRepo = ReturnType<typeof declarationsRepo>;

/** A deal as the API returns it: the typed columns, then the section's own fields. */
export type DealOut = Record<string, unknown> & {
  id: number;
  status: number | null;
  declaration_id: number;
  declaration_section: string;
};

/** What a writer (deal form, importer) stores; `fields` holds the section's validated own fields. */
export interface DealWrite {
  status?: number | null;
  comment?: string | null;
  /** dd.mm.yyyy (or yyyy-mm-dd) */
  transaction_date?: string | null;
  currency_code?: string | null;
  /** the section's main amount in the deal currency, decimal string */
  main_amount?: string | null;
  /** its KZT equivalent, decimal string: what the tiles total */
  amount_kzt?: string | null;
  fields: Record<string, unknown>;
  /** import de-duplication key, unique per declaration */
  source_key?: string | null;
}

interface DealDbRow {
  id: number;
  declaration_id: number;
  section: string;
  status: number | null;
  comment: string | null;
  transaction_date: string | null;
  currency_code: string | null;
  fields: Record<string, unknown>;
}

const DEAL_COLUMNS = `id, declaration_id, section, status, comment,
  to_char(transaction_date, 'DD.MM.YYYY') AS transaction_date, currency_code, fields`;

function toDealOut(r: DealDbRow): DealOut {
  return {
    ...r.fields,
    id: r.id,
    status: r.status,
    comment: r.comment,
    transaction_date: r.transaction_date,
    currency_code: r.currency_code,
    declaration_id: r.declaration_id,
    declaration_section: r.section,
  };
}

/** The deal with its own fields replaced (FIFO re-figured a sale); the typed columns stay. */
export const withFields = (deal: DealOut, fields: Record<string, unknown>): DealOut => ({
  ...fields,
  id: deal.id,
  status: deal.status,
  comment: deal.comment,
  transaction_date: deal.transaction_date,
  currency_code: deal.currency_code,
  declaration_id: deal.declaration_id,
  declaration_section: deal.declaration_section,
});

/** $1-$9 of a deal's insert or update: declaration, section, the typed columns and the fields. */
const dealValues = (declarationId: number, section: string, deal: DealWrite) => [
  declarationId,
  section,
  deal.status ?? null,
  deal.comment ?? null,
  isoDate(deal.transaction_date),
  deal.currency_code ?? null,
  deal.main_amount ?? null,
  deal.amount_kzt ?? null,
  JSON.stringify(deal.fields),
];

/** A deal's insert, if `condition`: `dealValues`, the time ($10) and the import source key ($11). */
const insertDealSql = (condition = 'true') => `INSERT INTO deals (declaration_id, section, status, comment,
    transaction_date, currency_code, main_amount, amount_kzt, fields, created_at, updated_at, source_key)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11 WHERE ${condition}
  ON CONFLICT (declaration_id, source_key) DO NOTHING`;

/** A deal's update, if `condition`: `dealValues`, the time ($10), the id ($11) of a deal of that declaration and section. */
const updateDealSql = (condition = 'true') => `UPDATE deals SET status = $3, comment = $4, transaction_date = $5,
    currency_code = $6, main_amount = $7, amount_kzt = $8, fields = $9, updated_at = $10
  WHERE declaration_id = $1 AND section = $2 AND id = $11 AND ${condition}`;

/**
 * FIFO's changes a deal save stores with the deal. In `lots`, sale or purchase `NEW_DEAL` stands for
 * the deal the save inserts (its id is not known before).
 */
export interface SaveFifo {
  /** the declaration's deals_revision FIFO planned from: the save takes effect only while it is current */
  revision: string | number;
  /** sales whose lots `lots` replace */
  relotted: number[];
  /** consumed lots (`ConsumedRow`) with the sale and the purchase under short names */
  lots: (Omit<ConsumedRow, 'sale_deal_id' | 'purchase_deal_id'> & { sale: number; purchase: number })[];
  /** other sales' new figures */
  figures: { id: number; fields: Record<string, unknown>; amount_kzt: string | null }[];
}
/** The id a deal not stored yet stands under in FIFO's plan and in `SaveFifo` (ids start at 1). */
export const NEW_DEAL = 0;

/** Rows per statement when all of a declaration's deals are read. */
const GROUPED_PAGE = 5_000;

const emptyGroups = (): Record<string, DealOut[]> => Object.fromEntries(SECTION_KEYS.map((k) => [k, []]));

/**
 * The generic deals store shared by every section (deal CRUD, importers, calculation). Every
 * function is scoped by declaration id: callers check ownership and lifecycle first.
 */
export function dealsRepo(db: Db) {
  return {
    /** Every section key present, in id order; unknown sections are left out. */
    /**
     * Every deal of the declaration by section, in id order. Read in pages of GROUPED_PAGE rows (keyset
     * on the (declaration_id, section, id) index) with a turn of the event loop between pages, so a
     * 50,000-deal declaration never holds this thread, or the embedded database, for long. Pages are
     * separate statements: when the deals changed between the first and the last (the revision moved),
     * the read is made again, and a second change falls back to one statement (one snapshot).
     */
    async groupedByDeclaration(declarationId: number): Promise<Record<string, DealOut[]>> {
      const revision = async () =>
        String(
          (
            await db.one<{ r: string }>('SELECT deals_revision::text AS r FROM declarations WHERE id = $1', [
              declarationId,
            ])
          )?.r,
        );
      const read = async (pageSize: number) => {
        const groups = emptyGroups();
        let after: [string, number] = ['', 0];
        let pages = 0;
        for (;;) {
          const rows = await db.query<DealDbRow>(
            `SELECT ${DEAL_COLUMNS} FROM deals WHERE declaration_id = $1 AND (section, id) > ($2, $3)
             ORDER BY section, id LIMIT $4`,
            [declarationId, after[0], after[1], pageSize],
          );
          pages += 1;
          for (const r of rows) groups[r.section]?.push(toDealOut(r));
          const last = rows.at(-1);
          if (!last || rows.length < pageSize) return { groups, pages };
          after = [last.section, last.id];
          await nextTurn();
        }
      };
      for (let attempt = 0; attempt < 2; attempt++) {
        const before = await revision();
        const { groups, pages } = await read(GROUPED_PAGE);
        if (pages === 1 || (await revision()) === before) return groups;
      }
      return (await read(Number.MAX_SAFE_INTEGER)).groups;
    },

    async listBySection(declarationId: number, section: string): Promise<DealOut[]> {
      const rows = await db.query<DealDbRow>(
        `SELECT ${DEAL_COLUMNS} FROM deals WHERE declaration_id = $1 AND section = $2 ORDER BY id`,
        [declarationId, section],
      );
      return rows.map(toDealOut);
    },

    /**
     * One page of a section's deals in id order, and how many there are; `historyOf`: only the purchase
     * history rows of that sale.
     */
    async pageOfSection(
      declarationId: number,
      section: string,
      page: { limit: number; offset: number; historyOf?: number },
    ): Promise<{ rows: DealOut[]; total: number }> {
      const only = page.historyOf === undefined ? '' : ' AND history_of = $5';
      const params: unknown[] = [declarationId, section, page.limit, page.offset];
      if (page.historyOf !== undefined) params.push(String(page.historyOf));
      const rows = await db.query<DealDbRow & { total_: number }>(
        `SELECT ${DEAL_COLUMNS}, count(*) OVER ()::int AS total_ FROM deals
         WHERE declaration_id = $1 AND section = $2${only} ORDER BY id LIMIT $3 OFFSET $4`,
        params,
      );
      let total = rows[0]?.total_;
      if (total === undefined) {
        // a page past the end: the count alone
        const c = await db.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1 AND section = $2${only.replace('$5', '$3')}`,
          page.historyOf === undefined ? [declarationId, section] : [declarationId, section, String(page.historyOf)],
        );
        total = c?.n ?? 0;
      }
      return { rows: rows.map(({ total_: _, ...r }) => toDealOut(r)), total };
    },

    /**
     * Exact sums of the given fields over a section's deals not marked 'needs information' (status 1),
     * as decimal text ('0' when none), computed by the database: a section of 50,000 deals is not read.
     */
    async sectionSums(declarationId: number, section: string, fields: readonly string[]): Promise<string[]> {
      if (fields.length === 0) return [];
      const sums = fields.map(
        (_, i) =>
          `coalesce(sum(nullif(fields ->> $${i + 3}, '')::numeric) FILTER (WHERE status IS DISTINCT FROM 1), 0)::text AS s${i}`,
      );
      const r = await db.one<Record<string, string>>(
        `SELECT ${sums.join(', ')} FROM deals WHERE declaration_id = $1 AND section = $2`,
        [declarationId, section, ...fields],
      );
      return fields.map((_, i) => r?.[`s${i}`] ?? '0');
    },

    /** Purchases (not status 1) of the section's first `securities` securities, for their average cost. */
    purchasesOfFirstSecurities: (declarationId: number, section: string, securities: number) =>
      db.query<{
        key: string;
        quantity: string | null;
        cost: string | null;
        currency: string | null;
        rate: string | null;
      }>(
        `SELECT security_key AS key, fields ->> 'quantity' AS quantity, fields ->> 'purchase_opening_cost' AS cost,
           currency_code AS currency, fields ->> 'exchange_rate' AS rate
         FROM deals WHERE declaration_id = $1 AND section = $2 AND status IS DISTINCT FROM 1 AND security_key IN (
           SELECT security_key FROM deals WHERE declaration_id = $1 AND section = $2 AND status IS DISTINCT FROM 1
           GROUP BY security_key ORDER BY min(id) LIMIT $3)
         ORDER BY id`,
        [declarationId, section, securities],
      ),

    async byId(declarationId: number, dealId: number): Promise<DealOut | undefined> {
      const r = await db.one<DealDbRow>(`SELECT ${DEAL_COLUMNS} FROM deals WHERE declaration_id = $1 AND id = $2`, [
        declarationId,
        dealId,
      ]);
      return r ? toDealOut(r) : undefined;
    },

    /** Per section key: deal count, and the KZT total of deals not marked 'needs information' (status 1). */
    async summary(declarationId: number): Promise<Record<string, { count: number; total: string }>> {
      const out = Object.fromEntries(SECTION_KEYS.map((k) => [k, { count: 0, total: '0' }]));
      const rows = await db.query<{ section: string; n: number; total: string | null }>(
        `SELECT section, count(*)::int AS n, sum(amount_kzt) FILTER (WHERE status IS DISTINCT FROM 1) AS total
         FROM deals WHERE declaration_id = $1 GROUP BY section`,
        [declarationId],
      );
      for (const r of rows) {
        if (out[r.section]) out[r.section] = { count: r.n, total: money.normalize(r.total ?? 0) };
      }
      return out;
    },

    /** Inserts a deal; with a source_key already imported it adds nothing and returns undefined. */
    async insert(declarationId: number, section: string, deal: DealWrite, now: Date): Promise<number | undefined> {
      const row = await db.one<{ id: number }>(`${insertDealSql()} RETURNING id`, [
        ...dealValues(declarationId, section, deal),
        now,
        deal.source_key ?? null,
      ]);
      return row?.id;
    },

    /**
     * The deal form's write, one statement that takes effect only while the declaration's deals are
     * still at `fifo.revision` (FIFO was planned from them; the declaration row is locked meanwhile): the
     * deal (inserted, or `dealId` of this declaration and section updated), its audit row, the lots of
     * the sales FIFO re-matched and the figures of other sales. The revision trigger then marks the
     * declaration updated. `conflict`: the deals changed since, nothing was written; otherwise the
     * stored deal, or undefined when there is no such deal to update.
     */
    async save(
      declarationId: number,
      section: string,
      deal: DealWrite,
      audit: Omit<AuditEntry, 'entityId' | 'declarationId'>,
      fifo: SaveFifo,
      dealId?: number,
    ): Promise<{ conflict: true } | { conflict: false; deal: DealOut | undefined }> {
      // $11: no source key for an insert; the deal's id for an update
      const params: unknown[] = [
        ...dealValues(declarationId, section, deal),
        audit.at,
        dealId ?? null,
        fifo.revision,
        fifo.relotted,
        JSON.stringify(fifo.lots),
        JSON.stringify(fifo.figures),
      ];
      const current = 'EXISTS (SELECT 1 FROM locked)';
      const write = dealId === undefined ? insertDealSql(current) : updateDealSql(current);
      const logged = auditOfRows({ ...audit, declarationId, entity: 'deal' }, 'written', params.length + 1);
      const storedId = (column: string) =>
        `CASE WHEN x.${column} = ${NEW_DEAL} THEN (SELECT id FROM written) ELSE x.${column} END`;
      // SKIP LOCKED: a declaration another transaction holds is a conflict at once; waiting for it here
      // would keep a pooled connection idle only to find the revision changed (the holder's own lock
      // does not skip: the held path runs this same statement)
      const row = await db.one<DealDbRow & { locked_: number }>(
        `WITH locked AS (
           SELECT id FROM declarations WHERE id = $1 AND deals_revision = $12 FOR NO KEY UPDATE SKIP LOCKED
         ), written AS (${write} RETURNING ${DEAL_COLUMNS}),
         logged AS (${logged.sql}),
         dropped AS (
           DELETE FROM deal_lots WHERE sale_deal_id = ANY($13::int[]) AND EXISTS (SELECT 1 FROM written) RETURNING 1
         ), lotted AS (
           INSERT INTO deal_lots (sale_deal_id, purchase_deal_id, seq, quantity, cost, cost_kzt, currency_code, rate,
             previous_period)
           SELECT ${storedId('sale')}, ${storedId('purchase')}, x.seq, x.quantity, x.cost,
             x.cost_kzt, x.currency_code, x.rate, x.previous_period
           FROM jsonb_to_recordset($14::jsonb) AS x(sale int, purchase int, seq int, quantity numeric, cost numeric,
             cost_kzt numeric, currency_code text, rate numeric, previous_period boolean)
           -- after the old lots are gone (a sale's lots are numbered from 1 again)
           WHERE EXISTS (SELECT 1 FROM written) AND (SELECT count(*) FROM dropped) >= 0
         ), figured AS (
           UPDATE deals d SET fields = x.fields, amount_kzt = x.amount_kzt
           FROM jsonb_to_recordset($15::jsonb) AS x(id int, fields jsonb, amount_kzt numeric)
           WHERE d.id = x.id AND EXISTS (SELECT 1 FROM written)
         )
         SELECT (SELECT count(*)::int FROM locked) AS locked_, w.* FROM (SELECT 1) AS one LEFT JOIN written w ON true`,
        [...params, ...logged.params],
      );
      if (!row?.locked_) return { conflict: true };
      return { conflict: false, deal: row.id == null ? undefined : toDealOut(row) };
    },

    /** Holds the declaration's deals for the caller's transaction; their revision now. */
    lockDeals: async (declarationId: number) =>
      (
        await db.one<{ deals_revision: string | number }>(
          'SELECT deals_revision FROM declarations WHERE id = $1 FOR NO KEY UPDATE',
          [declarationId],
        )
      )?.deals_revision,

    async remove(declarationId: number, dealId: number): Promise<boolean> {
      const rows = await db.query('DELETE FROM deals WHERE declaration_id = $1 AND id = $2 RETURNING id', [
        declarationId,
        dealId,
      ]);
      return rows.length > 0;
    },

    /** Removes every deal of the declaration (or of one section); returns how many. */
    async deleteAll(declarationId: number, section?: string): Promise<number> {
      const rows = section
        ? await db.query('DELETE FROM deals WHERE declaration_id = $1 AND section = $2 RETURNING id', [
            declarationId,
            section,
          ])
        : await db.query('DELETE FROM deals WHERE declaration_id = $1 RETURNING id', [declarationId]);
      return rows.length;
    },

    async countNeedingInfo(declarationId: number): Promise<number> {
      const r = await db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1 AND status = 1',
        [declarationId],
      );
      return r?.n ?? 0;
    },
  };
}
export type DealsRepo = ReturnType<typeof dealsRepo>;

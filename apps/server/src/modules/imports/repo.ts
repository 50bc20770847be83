import type { Reconciliation } from '@deklarant/importers';
import type { Db } from '../../db/db.ts';
import { flagWithoutCost } from '../deals/index.ts';
import { isoDate } from '../declarations/index.ts';
import { commentOf } from './mapping.ts';
import type { PreparedDeal } from './prepare.ts';

export type ImportStatus = 'queued' | 'running' | 'retrying' | 'done' | 'failed';

export interface ImportCounts {
  /** deals the report(s) produced after skipping */
  total: number;
  added: number;
  duplicates: number;
  needs_info: number;
  skipped: number;
  errors: number;
  /** added deals per section key */
  by_section: Record<string, number>;
  /** per file: rows read per kind, deals per section, skipped, totals per currency file vs deals */
  reconciliation?: FileReconciliation[];
}

export type FileReconciliation = Reconciliation & { file: number; format: string };

export interface ImportIssue {
  file: number;
  row: number | string;
  field?: string;
  message: string;
}

export interface ImportRow {
  id: number;
  declaration_id: number;
  user_id: number;
  manager_id: number | null;
  source: 'upload' | 'partner';
  bank: string | null;
  job_id: number | null;
  status: ImportStatus;
  file_ids: number[];
  formats: string[];
  counts: Partial<ImportCounts>;
  errors: ImportIssue[];
  skipped: ImportIssue[];
  message: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export function importsRepo(db: Db) {
  return {
    async insert(row: {
      declaration_id: number;
      user_id: number;
      manager_id: number | null;
      source: 'upload' | 'partner';
      bank: string | null;
      file_ids: number[];
      now: Date;
    }): Promise<number> {
      const r = await db.one<{ id: number }>(
        `INSERT INTO imports (declaration_id, user_id, manager_id, source, bank, file_ids, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
        [row.declaration_id, row.user_id, row.manager_id, row.source, row.bank, row.file_ids, row.now],
      );
      if (!r) throw new Error('import not inserted');
      return r.id;
    },
    setJob: async (id: number, jobId: number) => {
      await db.query('UPDATE imports SET job_id = $2 WHERE id = $1', [id, jobId]);
    },
    byId: (id: number) => db.one<ImportRow>('SELECT * FROM imports WHERE id = $1', [id]),
    latestForDeclaration: (declarationId: number) =>
      db.one<ImportRow>('SELECT * FROM imports WHERE declaration_id = $1 ORDER BY id DESC LIMIT 1', [declarationId]),
    setStatus: async (id: number, status: ImportStatus, now: Date, message: string | null = null) => {
      await db.query('UPDATE imports SET status = $2, message = coalesce($4, message), updated_at = $3 WHERE id = $1', [
        id,
        status,
        now,
        message,
      ]);
    },
    async finish(
      id: number,
      r: {
        status: 'done' | 'failed';
        formats: string[];
        counts: Partial<ImportCounts>;
        errors: ImportIssue[];
        skipped: ImportIssue[];
        message: string | null;
        fileIds?: number[];
        now: Date;
      },
    ) {
      await db.query(
        `UPDATE imports SET status = $2, formats = $3, counts = $4, errors = $5, skipped = $6, message = $7,
           file_ids = coalesce($8, file_ids), updated_at = $9, finished_at = $9 WHERE id = $1`,
        [
          id,
          r.status,
          r.formats,
          JSON.stringify(r.counts),
          JSON.stringify(r.errors.slice(0, 500)),
          JSON.stringify(r.skipped.slice(0, 500)),
          r.message,
          r.fileIds ?? null,
          r.now,
        ],
      );
    },
  };
}

/** Source keys of this declaration that are already stored. */
export async function existingKeys(db: Db, declarationId: number, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 5000) {
    const rows = await db.query<{ source_key: string }>(
      'SELECT source_key FROM deals WHERE declaration_id = $1 AND source_key = ANY($2::text[])',
      [declarationId, keys.slice(i, i + 5000)],
    );
    for (const r of rows) found.add(r.source_key);
  }
  return found;
}

const BATCH = 400;

/**
 * Inserts deals in batches with the columns of the deals module's `dealsRepo.insert` (same
 * ON CONFLICT on (declaration_id, source_key)); returns source_key → new id of what was inserted.
 */
export async function insertDeals(
  db: Db,
  declarationId: number,
  deals: readonly PreparedDeal[],
  now: Date,
  importId: number | null = null,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < deals.length; i += BATCH) {
    const chunk = deals.slice(i, i + BATCH);
    const params: unknown[] = [declarationId, now, importId];
    const values = chunk.map((d) => {
      const at = params.length;
      params.push(
        d.section.key,
        d.status,
        commentOf(d),
        isoDate(d.transaction_date),
        d.currency_code,
        d.mainAmount,
        d.amountKzt,
        JSON.stringify(d.fields),
        d.source_key,
      );
      const p = (k: number) => `$${at + k}`;
      return `($1, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}::date, ${p(5)}, ${p(6)}::numeric, ${p(7)}::numeric, ${p(8)}::jsonb, ${p(9)}, $2, $2, $3::int)`;
    });
    const rows = await db.query<{ id: number; source_key: string }>(
      `INSERT INTO deals (declaration_id, section, status, comment, transaction_date, currency_code, main_amount,
         amount_kzt, fields, source_key, created_at, updated_at, import_id)
       VALUES ${values.join(', ')}
       ON CONFLICT (declaration_id, source_key) DO NOTHING RETURNING id, source_key`,
      params,
    );
    for (const r of rows) ids.set(r.source_key, r.id);
  }
  return ids;
}

/**
 * Sales of this import (I.A, II) that FIFO could not cover and whose report gave no cost: marked
 * 'Требуется доп. информация' with the reason, so they are not declared with a zero cost.
 * Returns the ids it marked.
 */
export async function flagSalesWithoutCost(
  db: Db,
  deals: readonly PreparedDeal[],
  ids: Map<string, number>,
): Promise<Set<number>> {
  const sales = deals
    .filter((d) => d.kind === 'sale' && d.status !== 1 && (d.section.code === '1A' || d.section.code === '2'))
    .map((d) => ids.get(d.source_key))
    .filter((id): id is number => id !== undefined);
  return flagWithoutCost(db, sales);
}

/** Deals an import wrote (an attempt that failed part-way): removed; the securities FIFO must re-match. */
export async function removeImported(db: Db, declarationId: number, importId: number): Promise<Set<string>> {
  const rows = await db.query<{ security_key: string | null }>(
    'DELETE FROM deals WHERE declaration_id = $1 AND import_id = $2 RETURNING security_key',
    [declarationId, importId],
  );
  const splits = await db.query<{ security_key: string; renamed_to: string | null }>(
    'DELETE FROM security_splits WHERE declaration_id = $1 AND import_id = $2 RETURNING security_key, renamed_to',
    [declarationId, importId],
  );
  const keys = [...rows.map((r) => r.security_key), ...splits.flatMap((r) => [r.security_key, r.renamed_to])];
  return new Set(keys.filter((k): k is string => !!k));
}

/** A split a report states, as the imports module keeps it (table security_splits). */
export interface SplitRow {
  securityKey: string;
  /** dd.mm.yyyy */
  date: string;
  ratio: string;
  /** the security got this new key (ISIN): its FIFO takes this one's lots and sales before the split */
  renamedTo?: string | null;
  description: string;
}

/**
 * Keeps the splits of an import for the person: one per security and day, so the same statement imported
 * again (or an overlapping one of another format) adds nothing. Returns the securities of those added.
 */
export async function insertSplits(
  db: Db,
  e: { userId: number; declarationId: number; importId: number; now: Date },
  splits: readonly SplitRow[],
): Promise<Set<string>> {
  const added = new Set<string>();
  for (const s of splits) {
    const r = await db.one<{ security_key: string; renamed_to: string | null }>(
      `INSERT INTO security_splits (user_id, declaration_id, import_id, security_key, split_date, ratio, description,
         created_at, renamed_to)
       VALUES ($1, $2, $3, $4, $5::date, $6::numeric, $7, $8, $9)
       ON CONFLICT (user_id, security_key, split_date) DO NOTHING RETURNING security_key, renamed_to`,
      [
        e.userId,
        e.declarationId,
        e.importId,
        s.securityKey,
        isoDate(s.date),
        s.ratio,
        s.description,
        e.now,
        s.renamedTo ?? null,
      ],
    );
    if (r) added.add(r.security_key);
    if (r?.renamed_to) added.add(r.renamed_to);
  }
  return added;
}

/** Deals the declaration holds now. */
export async function dealCount(db: Db, declarationId: number): Promise<number> {
  const r = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1', [
    declarationId,
  ]);
  return r?.n ?? 0;
}

/** Imports of the person queued or running, not older than `since` (an older one's job died). */
export async function importsInFlight(db: Db, userId: number, since: Date): Promise<number> {
  const r = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM imports
     WHERE user_id = $1 AND status IN ('queued', 'running', 'retrying') AND updated_at > $2`,
    [userId, since],
  );
  return r?.n ?? 0;
}

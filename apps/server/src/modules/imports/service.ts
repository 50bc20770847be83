import { randomUUID } from 'node:crypto';
import { LIMITS, MSG } from '@deklarant/contracts';
import {
  type ImportedDeal,
  type ImportedSplit,
  importerText,
  type Reconciliation,
  type RowError,
  type SkippedRow,
} from '@deklarant/importers';
import type { Db } from '../../db/db.ts';
import type { Deps } from '../../deps.ts';
import type { JobContext } from '../../jobs/queue.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import { slices } from '../../lib/slices.ts';
import { PartnerAnswer, PartnerError } from '../../providers/partner/index.ts';
import { followLots, referenceCache } from '../deals/index.ts';
import {
  askerOf,
  assertCanUploadReport,
  blocked,
  type DeclarationRow,
  declarationsRepo,
  declarationsService,
} from '../declarations/index.ts';
import { assertUploadAllowed } from '../partners/index.ts';
import { periodMismatch, periodPartial } from './broker-match.ts';
import { carryMergerCosts } from './carry.ts';
import { checkUpload, contentTypeOf, safeFilename, type UploadFile } from './files.ts';
import { holderMismatch } from './holder-match.ts';
import { type ImportRefs, type MappedDeal, mapDeals, securityKeyOf } from './mapping.ts';
import { parseOffThread } from './parse-pool.ts';
import { type PreparedDeal, prepareDeals } from './prepare.ts';
import {
  dealCount,
  existingKeys,
  type FileReconciliation,
  flagSalesWithoutCost,
  type ImportCounts,
  type ImportIssue,
  type ImportRow,
  importsInFlight,
  importsRepo,
  insertDeals,
  insertSplits,
  removeImported,
  type SplitRow,
} from './repo.ts';

export const IMPORT_JOB = 'imports.apply';
const MAX_ATTEMPTS = 5;

/** Test seams: `beforeCommit` runs inside the last transaction of an import, before its commit. */
export const importHooks: {
  beforeCommit?: (importId: number) => void | Promise<void>;
  /** after the deals and FIFO are written, before the last transaction */
  beforeFinish?: (importId: number) => void | Promise<void>;
} = {};

/** What the status endpoint returns (GET /api/imports/{id}). */
export interface ImportView {
  id: number;
  declaration_id: number;
  source: 'upload' | 'partner';
  bank: string | null;
  status: ImportRow['status'];
  progress: number;
  message: string | null;
  formats: string[];
  files: { id: number; filename: string; size_bytes: number }[];
  counts: ImportCounts;
  errors: ImportIssue[];
  skipped: ImportIssue[];
  created_at: string;
  finished_at: string | null;
}

const EMPTY_COUNTS: ImportCounts = {
  total: 0,
  added: 0,
  duplicates: 0,
  needs_info: 0,
  skipped: 0,
  errors: 0,
  by_section: {},
};

interface Parsed {
  format: string;
  /** the broker the report is from (a foreign broker's deals record it instead of a BIN) */
  broker?: string;
  deals: ImportedDeal[];
  errors: RowError[];
  skipped: SkippedRow[];
  /** absent for a partner's answer (its deals are already made) */
  reconciliation?: Reconciliation;
  /** splits the report states (FIFO applies them to the person's lots of the security) */
  splits?: ImportedSplit[];
}

class Refused extends Error {}

/** deals written per short transaction of an import (each holds the embedded database briefly) */
const WRITE_SLICE = 400;

/** A second import of the same person while one is queued or running: 429 with the text. */
async function assertNoImportInFlight(db: Db, userId: number, at: Date): Promise<void> {
  const since = new Date(at.getTime() - LIMITS.importStaleAfterMs);
  if ((await importsInFlight(db, userId, since)) >= LIMITS.importsInFlightPerUser) {
    throw new HttpError(429, MSG.importInFlight);
  }
}

const rowsLimit = () => new Refused(MSG.importRowsLimit(LIMITS.rowsPerImport));
const dealsLimit = () => new Refused(MSG.dealsPerDeclarationLimit(LIMITS.dealsPerDeclaration));

async function audit(
  db: Db,
  e: {
    actor: Actor | null;
    declarationId: number;
    importId: number;
    action: string;
    at: Date;
    details: Record<string, unknown>;
  },
) {
  await db.query(
    `INSERT INTO audit_log (actor_user_id, actor_manager_id, declaration_id, entity, entity_id, action, details, created_at)
     VALUES ($1, $2, $3, 'import', $4, $5, $6, $7)`,
    [
      e.actor?.user.id ?? null,
      e.actor?.managerId ?? null,
      e.declarationId,
      String(e.importId),
      e.action,
      JSON.stringify(e.details),
      e.at,
    ],
  );
}

export function importsService(deps: Deps) {
  const { db } = deps;
  const repo = importsRepo(db);
  const declarations = declarationsService(deps);
  const refsCache = referenceCache(db);
  const now = () => deps.clock.now();
  // between the short transactions of a large import, other requests get the database and the thread
  const nextTurnIfBusy = slices(4).pause;
  let importRefs: Promise<ImportRefs> | undefined;

  function loadImportRefs(): Promise<ImportRefs> {
    importRefs ??= (async () => {
      const countries = await db.query<{ id: number; alpha3: string }>(
        'SELECT id, trim(alpha3) AS alpha3 FROM countries',
      );
      const currencies = await db.query<{ code: string }>('SELECT trim(code) AS code FROM currencies');
      return {
        countryId: new Map(countries.map((c) => [c.alpha3, c.id])),
        currencies: new Set(currencies.map((c) => c.code)),
      };
    })();
    importRefs.catch(() => {
      importRefs = undefined;
    });
    return importRefs;
  }

  /** The broker the user chose: a name, id or title of the brokers list; unknown names are refused. */
  async function brokerOf(bank: string | null): Promise<{ name: string; count_files: number } | null> {
    if (!bank) return null;
    const b = await db.one<{ name: string; count_files: number }>(
      'SELECT name, count_files FROM brokers WHERE name = $1 OR id::text = $1 OR title = $1',
      [bank],
    );
    if (!b) throw unprocessable(MSG.checkInput, { bank: [MSG.checkSelected] });
    return b;
  }

  /** Stores originals, the import row and its job in one transaction; returns the import id. */
  async function enqueue(
    actor: Actor,
    row: DeclarationRow,
    source: 'upload' | 'partner',
    bank: string | null,
    files: { bytes: Buffer; filename: string; kind: string; contentType: string }[],
  ): Promise<{ importId: number; jobId: number }> {
    const at = now();
    const stored: { key: string; size: number; sha256: string; f: (typeof files)[number] }[] = [];
    for (const f of files) {
      // The storage key is ours alone: never derived from the client's file name.
      const key = `imports/${row.id}/${randomUUID()}`;
      const put = await deps.providers.storage.put(key, f.bytes);
      stored.push({ key, ...put, f });
    }
    try {
      return await db.tx(async (t) => {
        // one import of a person at a time: their row serializes two uploads sent together
        await t.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [row.user_id]);
        await assertNoImportInFlight(t, row.user_id, at);
        const fileIds: number[] = [];
        for (const s of stored) {
          const r = await t.one<{ id: number }>(
            `INSERT INTO files (user_id, declaration_id, kind, storage_key, filename, content_type, size_bytes, sha256, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
            [row.user_id, row.id, s.f.kind, s.key, s.f.filename, s.f.contentType, s.size, s.sha256, at],
          );
          fileIds.push(r!.id);
        }
        const imports = importsRepo(t);
        const importId = await imports.insert({
          declaration_id: row.id,
          user_id: row.user_id,
          manager_id: actor.managerId ?? null,
          source,
          bank,
          file_ids: fileIds,
          now: at,
        });
        const jobId = await deps.jobs.enqueue(IMPORT_JOB, { importId }, { dedupeKey: `import:${importId}`, db: t });
        await imports.setJob(importId, jobId);
        await audit(t, {
          actor,
          declarationId: row.id,
          importId,
          action: source === 'upload' ? 'import_upload' : 'import_partner',
          at,
          details: { files: fileIds.length, bank },
        });
        return { importId, jobId };
      });
    } catch (e) {
      for (const s of stored) await deps.providers.storage.remove(s.key).catch(() => {});
      throw e;
    }
  }

  async function removeFiles(db2: Db, fileIds: number[]) {
    if (fileIds.length === 0) return;
    const rows = await db2.query<{ storage_key: string }>(
      'DELETE FROM files WHERE id = ANY($1::int[]) RETURNING storage_key',
      [fileIds],
    );
    for (const r of rows) await deps.providers.storage.remove(r.storage_key).catch(() => {});
  }

  /**
   * Reads and parses every stored file of the import (off the main thread); a refused file refuses the
   * whole import, and so do more deals than one import may bring (counted file by file: an abuser's
   * upload stops at the file that crosses the limit).
   */
  async function parseAll(imp: ImportRow, year: number, ctx: JobContext): Promise<Parsed[]> {
    const out: Parsed[] = [];
    // the declaration's owner, to tell another holder's statement (personal data: compared only)
    const owner = await db.one<{ surname: string }>('SELECT surname FROM users WHERE id = $1', [imp.user_id]);
    let rows = 0;
    for (const [i, fileId] of imp.file_ids.entries()) {
      const f = await db.one<{ storage_key: string; kind: string }>(
        'SELECT storage_key, kind FROM files WHERE id = $1',
        [fileId],
      );
      if (!f) throw new Refused(MSG.importFailed);
      const bytes = await deps.providers.storage.read(f.storage_key);
      if (f.kind === 'partner_report') {
        const a = PartnerAnswer.safeParse(JSON.parse(bytes.toString('utf8')));
        if (!a.success) throw new Refused(MSG.importFailed);
        out.push({
          format: 'partner_api',
          deals: a.data.deals as ImportedDeal[],
          errors: a.data.errors,
          skipped: a.data.skipped,
        });
      } else {
        const r = await parseOffThread(bytes, imp.bank ?? undefined);
        const ofFile = (message: string) =>
          imp.file_ids.length > 1 ? importerText('upload.filePrefix', { n: i + 1, message }) : message;
        if ('refused' in r) throw new Refused(ofFile(r.refused));
        const otherYear = periodMismatch(r.period, year);
        if (otherYear) throw new Refused(ofFile(otherYear));
        const otherHolder = holderMismatch(r.holder, owner?.surname);
        if (otherHolder) throw new Refused(ofFile(otherHolder));
        const partial = periodPartial(r.period, year);
        if (partial) r.reconciliation.notes.push(partial);
        out.push(r);
      }
      rows += out[out.length - 1]!.deals.length;
      if (rows > LIMITS.rowsPerImport) throw rowsLimit();
      await ctx.progress(5 + ((i + 1) / imp.file_ids.length) * 25);
    }
    return out;
  }

  async function fail(imp: ImportRow, message: string) {
    await db.tx(async (t) => {
      await removeFiles(t, imp.file_ids);
      await importsRepo(t).finish(imp.id, {
        status: 'failed',
        formats: [],
        counts: EMPTY_COUNTS,
        errors: [],
        skipped: [],
        message,
        fileIds: [],
        now: now(),
      });
    });
    return { status: 'failed', message };
  }

  /** The background job: parse → map → rates and FIFO → one transaction (or nothing). Idempotent. */
  async function runImport(payload: unknown, ctx: JobContext): Promise<unknown> {
    const importId = (payload as { importId?: number } | null)?.importId;
    if (typeof importId !== 'number') return { status: 'ignored' };
    const imp = await repo.byId(importId);
    if (!imp || imp.status === 'done' || imp.status === 'failed') return { status: imp?.status ?? 'missing' };
    await repo.setStatus(imp.id, 'running', now());
    try {
      const decl = await declarationsRepo(db).byId(imp.declaration_id);
      if (!decl) return await fail(imp, MSG.declarationNotFound);
      try {
        assertCanUploadReport(decl, now(), { fullAccess: true, manager: imp.manager_id !== null }, imp.bank);
      } catch (e) {
        if (e instanceof HttpError) return await fail(imp, e.message);
        throw e;
      }
      let parsed: Parsed[];
      try {
        parsed = await parseAll(imp, decl.year, ctx);
      } catch (e) {
        if (e instanceof Refused) return await fail(imp, e.message);
        throw e;
      }
      const importRefs = await loadImportRefs();
      const mapped: MappedDeal[] = [];
      const skipped: ImportIssue[] = [];
      const errors: ImportIssue[] = [];
      const slice = slices();
      for (const [file, p] of parsed.entries()) {
        const mapCtx = { year: decl.year, form: decl.reporting_form_id, refs: importRefs, file, broker: p.broker };
        for (let i = 0; i < p.deals.length; i += 500) {
          const m = mapDeals(p.deals.slice(i, i + 500), mapCtx);
          for (const d of m.mapped) mapped.push(d);
          for (const x of m.skipped) skipped.push({ file, row: x.row, message: x.reason });
          await slice.pause();
        }
        for (const x of p.skipped) skipped.push({ file, row: x.row, message: x.reason });
        for (const e of p.errors) {
          errors.push({ file, row: e.row, ...(e.field ? { field: e.field } : {}), message: e.message });
        }
      }
      // what an earlier attempt of this import wrote before it died is not a duplicate: it goes first
      const leftover = await removeImported(db, decl.id, imp.id);
      if (leftover.size > 0) await rematchKeys(decl, leftover);
      // The same row twice (two files of one report) counts once; rows already stored are duplicates.
      const seen = new Set<string>();
      const unique: MappedDeal[] = [];
      for (const m of mapped) {
        if (seen.has(m.source_key)) continue;
        seen.add(m.source_key);
        unique.push(m);
      }
      const stored = await existingKeys(db, decl.id, [...seen]);
      const fresh = unique.filter((m) => !stored.has(m.source_key));
      if ((await dealCount(db, decl.id)) + fresh.length > LIMITS.dealsPerDeclaration) {
        return await fail(imp, dealsLimit().message);
      }
      // a stock merger's new shares take over the stored lots' cost of the old ones (carry.ts)
      await carryMergerCosts(db, decl, fresh);
      await ctx.progress(35);
      const refs = await refsCache.get();
      const prepared = await prepareDeals(fresh, {
        rates: deps.providers.rates,
        refs,
        year: decl.year,
        onProgress: (share) => ctx.progress(35 + share * 50),
      });
      await ctx.progress(85);
      try {
        const reconciliation: FileReconciliation[] = [];
        for (const [file, p] of parsed.entries()) {
          if (p.reconciliation) reconciliation.push({ file, format: p.format, ...p.reconciliation });
        }
        const splits: SplitRow[] = parsed.flatMap((p) =>
          (p.splits ?? []).map((x) => ({
            securityKey: securityKeyOf(x.isin_security, x.name_security),
            date: x.transaction_date,
            ratio: x.ratio,
            renamedTo: x.renamed_to ? securityKeyOf(x.renamed_to, x.renamed_to) : null,
            description: x.description,
          })),
        );
        return await apply(imp, decl, prepared, {
          splits,
          reconciliation,
          formats: parsed.map((p) => p.format),
          total: unique.length,
          duplicates: unique.length - fresh.length,
          errors,
          skipped,
        });
      } catch (e) {
        // nothing of a failed attempt stays: what its slices wrote is removed and FIFO re-matched
        await rematchKeys(decl, await removeImported(db, decl.id, imp.id));
        if (e instanceof Refused) return await fail(imp, e.message);
        if (e instanceof HttpError) return await fail(imp, e.message);
        throw e;
      }
    } catch (e) {
      const final = ctx.attempt >= MAX_ATTEMPTS;
      await repo.setStatus(imp.id, final ? 'failed' : 'retrying', now(), MSG.importFailed);
      if (final) await removeFiles(db, imp.file_ids).catch(() => {});
      throw e;
    }
  }

  /**
   * FIFO of the given securities re-matched, each in its own short transaction holding the declaration, with
   * the sales flagged earlier for want of purchases given another try; then the same in the person's later
   * declarations whose sales draw on these lots (deals module followLots).
   */
  async function rematchKeys(decl: DeclarationRow, keys: Iterable<string>): Promise<void> {
    await followLots(db, decl, keys, { refs: await refsCache.get(), now: now(), self: true, pause: nextTurnIfBusy });
  }

  /**
   * Writes the import: its deals in short transactions of `WRITE_SLICE` deals (each marked with the
   * import), FIFO per security in short transactions, then one last transaction that checks the limits
   * and the declaration's state again, flags sales without a cost and marks the import done. A long
   * single transaction would hold the embedded database (and so every other person) for its whole
   * length. Should anything fail, the caller removes what the import wrote.
   */
  async function apply(
    imp: ImportRow,
    decl: DeclarationRow,
    prepared: PreparedDeal[],
    r: {
      splits: SplitRow[];
      reconciliation: FileReconciliation[];
      formats: string[];
      total: number;
      duplicates: number;
      errors: ImportIssue[];
      skipped: ImportIssue[];
    },
  ) {
    const at = now();
    // Purchases first: the lots of this import's sales point at them.
    const ordered = [
      ...prepared.filter((d) => d.kind === 'purchase'),
      ...prepared.filter((d) => d.kind !== 'purchase'),
    ];
    const ids = new Map<string, number>();
    for (let i = 0; i < ordered.length; i += WRITE_SLICE) {
      const written = await db.tx((t) => insertDeals(t, decl.id, ordered.slice(i, i + WRITE_SLICE), at, imp.id));
      for (const [k, id] of written) ids.set(k, id);
      await nextTurnIfBusy();
    }
    // Splits before FIFO: the person's lots and sales before one are matched in post-split units.
    const splitKeys = r.splits.length
      ? await db.tx((t) =>
          insertSplits(t, { userId: decl.user_id, declarationId: decl.id, importId: imp.id, now: at }, r.splits),
        )
      : new Set<string>();
    // FIFO exactly as the deal form keeps it: per security, purchases of this and earlier declarations.
    const keys = new Set<string>(splitKeys);
    for (const d of ordered) if (d.securityKey && ids.has(d.source_key)) keys.add(d.securityKey);
    await rematchKeys(decl, keys);
    if (importHooks.beforeFinish) await importHooks.beforeFinish(imp.id);
    return db.tx(async (t) => {
      const locked = await t.one<DeclarationRow>('SELECT * FROM declarations WHERE id = $1 FOR UPDATE', [decl.id]);
      if (!locked) throw blocked(MSG.declarationNotFound);
      assertCanUploadReport(locked, at, { fullAccess: true, manager: imp.manager_id !== null }, imp.bank);
      // deals the form added meanwhile count too
      if ((await dealCount(t, decl.id)) > LIMITS.dealsPerDeclaration) throw dealsLimit();
      const flagged = await flagSalesWithoutCost(t, ordered, ids);
      const bySection: Record<string, number> = {};
      let needsInfo = 0;
      for (const d of ordered) {
        if (!ids.has(d.source_key)) continue;
        bySection[d.section.key] = (bySection[d.section.key] ?? 0) + 1;
        if (d.status === 1 || flagged.has(ids.get(d.source_key)!)) needsInfo += 1;
      }
      const added = ids.size;
      const duplicates = r.duplicates + (prepared.length - added);
      const counts: ImportCounts = {
        total: r.total,
        added,
        duplicates,
        needs_info: needsInfo,
        skipped: r.skipped.length,
        errors: r.errors.length,
        by_section: bySection,
        reconciliation: r.reconciliation,
      };
      const message =
        added > 0 ? MSG.importDone(added) : duplicates > 0 ? MSG.importNothingNew : MSG.importNoDeals(decl.year);
      if (importHooks.beforeCommit) await importHooks.beforeCommit(imp.id);
      await importsRepo(t).finish(imp.id, {
        status: 'done',
        formats: r.formats,
        counts,
        errors: r.errors,
        skipped: r.skipped,
        message,
        now: at,
      });
      if (added > 0) await t.query('UPDATE declarations SET updated_at = $2 WHERE id = $1', [decl.id, at]);
      await audit(t, {
        actor: null,
        declarationId: decl.id,
        importId: imp.id,
        action: 'import_applied',
        at,
        details: { added, duplicates, needs_info: needsInfo, formats: r.formats, by_section: bySection },
      });
      return { status: 'done', added, duplicates };
    });
  }

  return {
    runImport,

    /** POST /api/declarations/{id}/upload-file */
    async upload(actor: Actor, declarationId: number, files: UploadFile[], bankRaw: string | null) {
      const row = await declarations.loadOwn(actor, declarationId);
      // After the ownership check (someone else's id must read as missing): partner clients upload
      // only where their partner allows it (docs/accounts.md).
      await assertUploadAllowed(deps.db, actor);
      const broker = await brokerOf(bankRaw ?? row.broker);
      assertCanUploadReport(row, now(), askerOf(actor), broker?.name ?? null);
      if (files.length === 0) throw unprocessable(MSG.uploadFile, { files: [MSG.uploadFile] });
      // early (the stored files are not checked for nothing); enqueue checks again holding the person
      await assertNoImportInFlight(db, row.user_id, now());
      if (broker && files.length > Math.max(1, broker.count_files)) {
        throw unprocessable(MSG.importTooManyFiles(broker.count_files), {
          files: [MSG.importTooManyFiles(broker.count_files)],
        });
      }
      const checked = [];
      for (const [i, f] of files.entries()) {
        const c = await checkUpload(f.bytes, broker?.name ?? null);
        if (!c.ok) {
          const message =
            files.length > 1 ? importerText('upload.filePrefix', { n: i + 1, message: c.message }) : c.message;
          throw unprocessable(message, { files: [message] });
        }
        checked.push({
          bytes: f.bytes,
          filename: safeFilename(f.filename),
          kind: 'broker_report',
          contentType: contentTypeOf(c.kind),
        });
      }
      const { importId, jobId } = await enqueue(actor, row, 'upload', broker?.name ?? null, checked);
      return {
        success: true,
        import_id: importId,
        job_id: jobId,
        status: 'queued' as const,
        message: MSG.importAccepted,
      };
    },

    /** POST /api/declarations/{id}/get-data-from-bank: fetch now (errors answered at once), apply in the job. */
    async fromBank(actor: Actor, declarationId: number) {
      const row = await declarations.loadOwn(actor, declarationId);
      const clientId = actor.user.broker_client_id?.trim();
      const bankName = actor.user.bank_name && actor.user.bank_name !== 'null' ? actor.user.bank_name : null;
      if (!clientId) throw unprocessable(MSG.importNoBrokerClient);
      assertCanUploadReport(row, now(), askerOf(actor), null);
      await assertNoImportInFlight(db, row.user_id, now());
      let report: Awaited<ReturnType<Deps['providers']['partner']['fetchDeals']>>;
      try {
        report = await deps.providers.partner.fetchDeals({ clientId, bankName, year: row.year });
      } catch (e) {
        if (e instanceof PartnerError) throw new HttpError(e.status === 404 ? 404 : 503, e.message);
        throw e;
      }
      if (report.deals.length > LIMITS.rowsPerImport) throw unprocessable(rowsLimit().message);
      const answer: PartnerAnswer = {
        broker: report.broker,
        client_id: report.clientId,
        deals: report.deals,
        errors: report.errors,
        skipped: report.skipped,
      };
      const bytes = Buffer.from(JSON.stringify(answer), 'utf8');
      const { importId, jobId } = await enqueue(actor, row, 'partner', bankName ?? report.broker, [
        { bytes, filename: `partner-${row.year}.json`, kind: 'partner_report', contentType: 'application/json' },
      ]);
      return {
        success: true,
        import_id: importId,
        job_id: jobId,
        status: 'queued' as const,
        broker: report.broker,
        message: MSG.importPartnerAccepted,
      };
    },

    /** GET /api/imports/{id}: the user's own imports only (others read as missing). */
    async view(actor: Actor, importId: number): Promise<ImportView> {
      const imp = await repo.byId(importId);
      if (!imp || imp.user_id !== actor.user.id) throw new HttpError(404, MSG.importNotFound);
      const job = imp.job_id ? await deps.jobs.get(imp.job_id) : undefined;
      const files = imp.file_ids.length
        ? await db.query<{ id: number; filename: string; size_bytes: number }>(
            'SELECT id, filename, size_bytes::int AS size_bytes FROM files WHERE id = ANY($1::int[]) ORDER BY id',
            [imp.file_ids],
          )
        : [];
      const done = imp.status === 'done' || imp.status === 'failed';
      return {
        id: imp.id,
        declaration_id: imp.declaration_id,
        source: imp.source,
        bank: imp.bank,
        status: imp.status,
        progress: done ? 100 : (job?.progress ?? 0),
        message: imp.message,
        formats: imp.formats,
        files,
        counts: { ...EMPTY_COUNTS, ...imp.counts },
        errors: imp.errors,
        skipped: imp.skipped,
        created_at: imp.created_at.toISOString(),
        finished_at: imp.finished_at ? imp.finished_at.toISOString() : null,
      };
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;

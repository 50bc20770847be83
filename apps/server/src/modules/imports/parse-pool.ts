import {
  type ImportedDeal,
  type ImportedSplit,
  ImportRefusedError,
  parseReport,
  type Reconciliation,
  type RowError,
  type SkippedRow,
} from '@deklarant/importers';
import { ThreadPool } from '../../lib/thread-pool.ts';

/**
 * Broker reports are parsed on a worker thread: a 5 MB report is about 40,000 rows and a third of a
 * second of parsing, during which the main thread would answer no one. The deals come back in parts
 * (each decoded here in its own event-loop turn), then the rest of the answer.
 */
export interface ParseTask {
  bytes: Uint8Array;
  brokerHint?: string;
}
export type ParseOutcome =
  | { refused: string }
  | {
      format: string;
      /** the broker the report is from, as the parser names it */
      broker: string;
      errors: RowError[];
      skipped: SkippedRow[];
      reconciliation: Reconciliation;
      splits?: ImportedSplit[];
      period?: { from: string; to: string };
      holder?: string;
    };

/** deals per message from the worker */
export const PARSE_PART = 2_000;

/** Parses on the calling thread; `onPart` receives the deals `PARSE_PART` at a time. */
export async function parseHere(task: ParseTask, onPart?: (deals: ImportedDeal[]) => void): Promise<ParseOutcome> {
  try {
    const r = await parseReport(task.bytes, task.brokerHint ? { brokerHint: task.brokerHint } : {});
    for (let i = 0; i < r.deals.length; i += PARSE_PART) onPart?.(r.deals.slice(i, i + PARSE_PART));
    return {
      format: r.format,
      broker: r.broker,
      errors: r.errors,
      skipped: r.skipped,
      reconciliation: r.reconciliation,
      ...(r.splits ? { splits: r.splits } : {}),
      ...(r.period ? { period: r.period } : {}),
      ...(r.holder ? { holder: r.holder } : {}),
    };
  } catch (e) {
    if (e instanceof ImportRefusedError) return { refused: e.message };
    throw e;
  }
}

const pool = new ThreadPool<ParseTask, ParseOutcome, ImportedDeal[]>(
  new URL('./parse-worker.ts', import.meta.url),
  parseHere,
);

/** The report's deals, row errors and skipped rows, or the refusal text; parsed off the main thread. */
export async function parseOffThread(
  bytes: Buffer,
  brokerHint: string | undefined,
): Promise<
  | { refused: string }
  | {
      format: string;
      deals: ImportedDeal[];
      errors: RowError[];
      skipped: SkippedRow[];
      reconciliation: Reconciliation;
      splits?: ImportedSplit[];
      period?: { from: string; to: string };
      holder?: string;
    }
> {
  const deals: ImportedDeal[] = [];
  // its own copy to transfer (a Buffer may share a pooled ArrayBuffer)
  const copy = new Uint8Array(bytes);
  const out = await pool.run(
    { bytes: copy, ...(brokerHint ? { brokerHint } : {}) },
    {
      transfer: [copy.buffer],
      onPart: (part) => {
        for (const d of part) deals.push(d);
      },
    },
  );
  return 'refused' in out ? out : { ...out, deals };
}

export const stopParseWorker = (): Promise<void> => pool.stop();

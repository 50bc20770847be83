import { LIMITS } from '@deklarant/contracts';
import { calculateDeclaration, type DeclarationInput, type DeclarationResult, TaxEngineError } from '@deklarant/tax';
import { slices } from '../../lib/slices.ts';
import { ThreadPool } from '../../lib/thread-pool.ts';

/**
 * The tax engine for a large declaration runs on a worker thread: 50,000 deals keep the engine busy
 * for a few hundred milliseconds, during which the main thread would answer no one. The deals go to
 * the worker as JSON written a slice at a time (each slice a short task here, the bytes transferred,
 * not copied); the per-deal results come back in parts, each parsed in its own event-loop turn.
 * Small declarations (up to LIMITS.inlineDeals deals) are calculated here: a worker round trip would
 * cost more than the engine.
 *
 * What callers get is the engine's answer without its FIFO detail (`fifo`, `remainingLots`): nothing
 * outside the engine reads them from a declaration's calculation, and they do not survive JSON.
 */
export type EngineResult = Omit<DeclarationResult, 'fifo' | 'remainingLots'>;

export interface EngineTask {
  form: DeclarationInput['form'];
  year: number;
  kzCountryId?: number;
  /** `[sectionKey, deals]` pairs as UTF-8 JSON, a slice of deals each */
  parts: Uint8Array[];
}
type Listed = 'deals' | 'lines' | 'ignoredDeals';
interface EnginePart {
  key: Listed;
  json: string;
}
type EngineOutcome =
  | { fifthSection: DeclarationResult['fifthSection'] }
  | { engineError: { message: string; code: string } };

/** Deals per message each way. */
const PART = 2_000;

const pack = (section: string, deals: readonly unknown[]) => new TextEncoder().encode(JSON.stringify([section, deals]));

/** Runs the task on the calling thread (the worker's body, and the fallback when no worker starts). */
export async function engineHere(task: EngineTask, onPart?: (p: EnginePart) => void): Promise<EngineOutcome> {
  const decoder = new TextDecoder();
  const sections: Record<string, unknown[]> = {};
  for (const bytes of task.parts) {
    const [key, deals] = JSON.parse(decoder.decode(bytes)) as [string, unknown[]];
    const list = sections[key] ?? [];
    for (const d of deals) list.push(d);
    sections[key] = list;
  }
  let result: DeclarationResult;
  try {
    result = calculateDeclaration({
      form: task.form,
      year: task.year,
      sections: sections as DeclarationInput['sections'],
      ...(task.kzCountryId === undefined ? {} : { kzCountryId: task.kzCountryId }),
    });
  } catch (err) {
    if (err instanceof TaxEngineError) return { engineError: { message: err.message, code: err.code } };
    throw err;
  }
  for (const key of ['deals', 'lines', 'ignoredDeals'] as const) {
    const list = result[key] as unknown[];
    for (let i = 0; i < list.length; i += PART) onPart?.({ key, json: JSON.stringify(list.slice(i, i + PART)) });
  }
  return { fifthSection: result.fifthSection };
}

const pool = new ThreadPool<EngineTask, EngineOutcome, EnginePart>(
  new URL('./engine-worker.ts', import.meta.url),
  engineHere,
);

const dealCount = (input: DeclarationInput) =>
  Object.values(input.sections).reduce((n, list) => n + (list?.length ?? 0), 0);

/** The engine's answer for the declaration; off the main thread when it is large. */
export async function calculateOffThread(input: DeclarationInput): Promise<EngineResult> {
  if (dealCount(input) <= LIMITS.inlineDeals || input.previousLots) return calculateDeclaration(input);
  const turn = slices();
  const parts: Uint8Array[] = [];
  for (const [key, list] of Object.entries(input.sections)) {
    for (let i = 0; list && i < list.length; i += PART) {
      parts.push(pack(key, list.slice(i, i + PART)));
      await turn.pause();
    }
  }
  const listed: Record<Listed, unknown[]> = { deals: [], lines: [], ignoredDeals: [] };
  const out = await pool.run(
    {
      form: input.form,
      year: input.year,
      ...(input.kzCountryId === undefined ? {} : { kzCountryId: input.kzCountryId }),
      parts,
    },
    {
      transfer: parts.map((p) => p.buffer as ArrayBuffer),
      onPart: (p) => {
        for (const x of JSON.parse(p.json) as unknown[]) listed[p.key].push(x);
      },
    },
  );
  if ('engineError' in out) throw new TaxEngineError(out.engineError.message, out.engineError.code);
  return {
    fifthSection: out.fifthSection,
    deals: listed.deals as DeclarationResult['deals'],
    lines: listed.lines as DeclarationResult['lines'],
    ignoredDeals: listed.ignoredDeals as DeclarationResult['ignoredDeals'],
  };
}

/** Ends the worker (graceful shutdown); a later calculation starts a new one. */
export const stopEngineWorker = (): Promise<void> => pool.stop();

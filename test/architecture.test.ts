import { join } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

// The dependency rules (ARCHITECTURE.md, docs/adr/2026-11-24-dependency-rules.md) live in .dependency-cruiser.cjs
// and are checked on resolved paths: what an import points to after TypeScript/Node resolution, not its text.
const ROOT = new URL('..', import.meta.url).pathname;
const FIXTURE = join(ROOT, 'test/fixtures/architecture');
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'packages/i18n/src',
  'packages/contracts/src',
  'packages/tax/src',
  'packages/documents/src',
  'packages/importers/src',
];

async function cruiseFrom(baseDir: string, sources: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const tsConfigFile = join(ROOT, 'tsconfig.base.json');
  const result = await cruise(
    sources,
    { ...options, baseDir, tsConfig: { fileName: tsConfigFile } },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output;
}

/** One line per violation: the rule, then the import (or the whole cycle). */
function describeViolation(v: IViolation): string {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)].join(' → ') : `${v.from} → ${v.to}`;
  return `${v.rule.name}: ${path}`;
}

describe('architecture: dependency rules on resolved paths', () => {
  it('the source tree breaks no rule', async () => {
    const result = await cruiseFrom(ROOT, SOURCES);
    // Guard against a cruise that silently saw nothing (wrong paths, workspace packages left unresolved).
    expect(result.summary.totalCruised).toBeGreaterThan(300);
    const serverToContracts = result.modules
      .filter((m) => m.source.startsWith('apps/server/src/'))
      .flatMap((m) => m.dependencies)
      .some((d) => d.resolved === 'packages/contracts/src/index.ts');
    expect(serverToContracts).toBe(true);

    const lines = result.summary.violations.map(describeViolation);
    if (lines.length) console.error(`dependency rule violations:\n  ${lines.join('\n  ')}`);
    expect(lines).toEqual([]);
  }, 60_000);

  it('the planted violations in test/fixtures/architecture are each reported, the allowed imports are not', async () => {
    const result = await cruiseFrom(FIXTURE, ['apps', 'packages']);
    const lines = result.summary.violations.map(describeViolation).sort();
    expect(lines).toEqual(
      [
        'no-circular: packages/tax/src/lots.ts → packages/tax/src/rules.ts → packages/tax/src/lots.ts',
        'packages-never-import-apps: packages/importers/src/parse.ts → apps/server/src/lib/clock.ts',
        'web-features-only-through-index: apps/web/src/features/alpha/parts/badge.ts → apps/web/src/features/beta/internal.ts',
        'server-modules-only-through-index: apps/server/src/modules/alpha/service.ts → apps/server/src/modules/beta/service.ts',
        'domain-packages-do-no-io: packages/documents/src/render.ts → fs',
      ].sort(),
    );
  }, 60_000);
});

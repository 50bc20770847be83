import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md section 1: web -> contracts; server -> contracts, tax, documents, importers;
// tax/documents/importers -> contracts only; nothing in packages/ imports from apps/;
// web features do not reach into each other's internals.
const ROOT = new URL('..', import.meta.url).pathname;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
function imports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2] ?? '');
}

const ALLOWED: Record<string, string[]> = {
  'packages/contracts': [],
  'packages/tax': ['@deklarant/contracts'],
  'packages/documents': ['@deklarant/contracts'],
  'packages/importers': ['@deklarant/contracts'],
  'apps/web': ['@deklarant/contracts'],
  'apps/server': ['@deklarant/contracts', '@deklarant/tax', '@deklarant/documents', '@deklarant/importers'],
};

describe('architecture: dependencies point one way', () => {
  for (const [pkg, allowed] of Object.entries(ALLOWED)) {
    it(`${pkg} imports only ${allowed.join(', ') || 'no workspace package'}`, () => {
      const bad: string[] = [];
      for (const f of files(join(ROOT, pkg))) {
        for (const spec of imports(f)) {
          if (spec.startsWith('@deklarant/') && !allowed.includes(spec.split('/').slice(0, 2).join('/'))) {
            bad.push(`${relative(ROOT, f)} -> ${spec}`);
          }
          if (pkg.startsWith('packages/') && /(^|\/)apps\//.test(spec)) bad.push(`${relative(ROOT, f)} -> ${spec}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('pure packages do no I/O (no fs, net, http, database or clock-reading imports)', () => {
    const bad: string[] = [];
    for (const pkg of ['packages/tax/src', 'packages/contracts/src']) {
      for (const f of files(join(ROOT, pkg))) {
        for (const spec of imports(f)) {
          if (/^(node:)?(fs|net|http|https|child_process)(\/|$)|^pg$|pglite/.test(spec))
            bad.push(`${relative(ROOT, f)} -> ${spec}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('web features do not import other features’ internals', () => {
    const featuresDir = join(ROOT, 'apps/web/src/features');
    const bad: string[] = [];
    for (const f of files(featuresDir)) {
      const own = relative(featuresDir, f).split('/')[0];
      for (const spec of imports(f)) {
        const m = spec.match(/\.\.\/(?:\.\.\/)*features\/([^/]+)\/(.+)$/) ?? spec.match(/^\.\.\/([^/.][^/]*)\/(.+)$/);
        if (!m) continue;
        const [, other, rest] = m;
        // Another feature may be used only through its index (public surface).
        if (other && other !== own && !/^index(\.tsx?)?$/.test(rest ?? '')) bad.push(`${relative(ROOT, f)} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });
});

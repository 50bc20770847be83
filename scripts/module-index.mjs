#!/usr/bin/env node
// Keeps each server module's index.ts the module's public surface: every import that reaches into another
// module's file (apps/server/src/**) is rewritten to go through that module's index.ts, and the index
// re-exports exactly the names other code uses. Run after moving code between modules:
//   node scripts/module-index.mjs        (rewrites; then `npx biome check --write apps/server/src`)
// The dependency rule 'server-modules-only-through-index' (.dependency-cruiser.cjs) fails on what it missed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const src = join(root, 'apps/server/src');
const modulesDir = join(src, 'modules');

const walk = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });

const moduleOf = (file) => {
  const rel = relative(modulesDir, file);
  // modules/index.ts itself is the registry of all modules, not a module
  return rel.startsWith('..') || !rel.includes('/') ? null : rel.split('/')[0];
};

// import [type] { a, type b as c } from '...';  (single or multi-line)
const IMPORT_RE = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';/g;

/** module -> file (relative to the module) -> Map(name -> isType) */
const surface = new Map();
const rewrites = [];

for (const file of walk(src)) {
  const from = moduleOf(file);
  const text = readFileSync(file, 'utf8');
  let changed = text;
  for (const m of text.matchAll(IMPORT_RE)) {
    const [whole, typeAll, names, spec] = m;
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    const to = moduleOf(target);
    if (!to || to === from) continue;
    const inModule = relative(join(modulesDir, to), target);
    if (inModule === 'index.ts') continue;
    const files = surface.get(to) ?? new Map();
    surface.set(to, files);
    const namesOf = files.get(inModule) ?? new Map();
    files.set(inModule, namesOf);
    for (const raw of names.split(',')) {
      const part = raw.trim();
      if (!part) continue;
      const isType = Boolean(typeAll) || part.startsWith('type ');
      const name = part
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      namesOf.set(name, (namesOf.get(name) ?? true) && isType);
    }
    const indexSpec = relative(dirname(file), join(modulesDir, to, 'index.ts'));
    const rel = indexSpec.startsWith('.') ? indexSpec : `./${indexSpec}`;
    changed = changed.replace(whole, whole.replace(`'${spec}'`, `'${rel}'`));
  }
  if (changed !== text) rewrites.push([file, changed]);
}

// Merge with what an index already re-exports (names other code used before).
for (const [mod, files] of surface) {
  const indexFile = join(modulesDir, mod, 'index.ts');
  let existing = '';
  try {
    existing = readFileSync(indexFile, 'utf8');
  } catch {}
  for (const m of existing.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s+from\s+'\.\/([^']+)';/g)) {
    const namesOf = files.get(m[3]) ?? new Map();
    files.set(m[3], namesOf);
    for (const raw of m[2].split(',')) {
      const part = raw.trim();
      if (!part) continue;
      const isType = Boolean(m[1]) || part.startsWith('type ');
      const name = part.replace(/^type\s+/, '').trim();
      namesOf.set(name, (namesOf.get(name) ?? true) && isType);
    }
  }
  const lines = [
    `// The public surface of the ${mod} module: other modules import only from here (scripts/module-index.mjs).`,
  ];
  for (const f of [...files.keys()].sort()) {
    const entries = [...files.get(f)].sort(([a], [b]) => a.localeCompare(b));
    const values = entries.filter(([, t]) => !t).map(([n]) => n);
    const types = entries.filter(([, t]) => t).map(([n]) => n);
    const list = [...values, ...types.map((n) => `type ${n}`)].join(', ');
    lines.push(`export { ${list} } from './${f}';`);
  }
  writeFileSync(indexFile, `${lines.join('\n')}\n`);
}
for (const [file, text] of rewrites) writeFileSync(file, text);
console.log(`${rewrites.length} files rewritten; indexes: ${[...surface.keys()].sort().join(', ')}`);

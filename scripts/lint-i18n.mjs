#!/usr/bin/env node
// Lint rule (issue 20): the web app's screens take every text from the catalogues (packages/i18n/locales).
// Reports, in apps/web/src (tests excluded):
//  - JSX text with letters (Cyrillic or Latin): <Text>Сохранить</Text>, <b>Save</b>;
//  - any string or template literal with Cyrillic letters, in components and in plain modules alike;
//  - English words in props and object fields people read (label, title, placeholder, aria-label, ...).
// A literal that must stay (a brand, an input pattern) carries `i18n-ignore` in a comment on its line or the
// line above, with the reason.
// Usage: node scripts/lint-i18n.mjs [paths...]   (default apps/web/src); exits 1 when something is found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const CYRILLIC = /[\u0400-\u04FF]/;
/** an English word: a capitalised or lower-case run of two or more letters (acronyms like PDF, XML pass) */
const ENGLISH = /\b[A-Za-z]?[a-z]{2,}\b/;
const READ_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'description',
  'aria-label',
  'alt',
  'error',
  'message',
  'confirmLabel',
  'cancelLabel',
  'tooltip',
  'hint',
  'nothingFoundMessage',
  'text',
  'heading',
]);

function walkFiles(path, out) {
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const name of readdirSync(path)) if (name !== 'node_modules') walkFiles(join(path, name), out);
  } else if (/\.tsx?$/.test(path) && !/\.(test|spec)\.tsx?$/.test(path) && !path.endsWith('.d.ts')) out.push(path);
  return out;
}

function ignored(src, sf, node) {
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
  const lines = src.split('\n');
  return [lines[line], lines[line - 1]].some((l) => l?.includes('i18n-ignore'));
}

/** The literals of one file's source that break the rule: [{line, kind, text}]. */
export function literalsIn(fileName, src) {
  const sf = ts.createSourceFile(
    fileName,
    src,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const report = (node, kind, text) => {
    if (ignored(src, sf, node)) return;
    found.push({
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      kind,
      text: text.trim().slice(0, 80),
    });
  };
  const propName = (node) => {
    const p = node.parent;
    if (ts.isJsxAttribute(p)) return p.name.getText(sf);
    if (ts.isJsxExpression(p) && ts.isJsxAttribute(p.parent)) return p.parent.name.getText(sf);
    if (ts.isPropertyAssignment(p) && p.initializer === node) return p.name.getText(sf).replace(/['"]/g, '');
    return undefined;
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text)) report(node, 'jsx-text', node.text);
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = node.text;
      if (CYRILLIC.test(text)) report(node, 'cyrillic', text);
      else if (!ts.isImportDeclaration(node.parent) && READ_PROPS.has(propName(node) ?? '') && ENGLISH.test(text))
        report(node, 'english', text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export function lintI18n(paths) {
  const out = [];
  for (const p of paths)
    for (const f of walkFiles(p, []))
      for (const hit of literalsIn(f, readFileSync(f, 'utf8'))) out.push({ file: f, ...hit });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname;
  const args = process.argv.slice(2);
  const hits = lintI18n(args.length ? args : [join(root, 'apps/web/src')]);
  for (const h of hits) console.log(`${relative(root, h.file)}:${h.line} ${h.kind}: ${h.text}`);
  if (hits.length) {
    console.log(
      `\n${hits.length} text literal(s) outside the catalogues (packages/i18n/locales): use t() from react-i18next.`,
    );
    process.exit(1);
  }
}

/**
 * Russian texts as message ids (the gettext way). The rules, the importers and the server produce Russian
 * texts from the Russian catalogue; at the edge (an API answer, a form's validation message) a text found in
 * that catalogue is given in the reader's language. A text with placeholders is matched as a pattern and its
 * values carried over; numbers are read back as numbers so that plurals and number formats follow the target
 * language. A text not in the catalogue passes through unchanged.
 */
export type Catalogue = { readonly [key: string]: string | Catalogue };
export type Translate = (key: string, params: Record<string, unknown>) => string;

interface Pattern {
  key: string;
  re: RegExp;
  names: string[];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A Russian number as the catalogue printed it ('50 000', '1,5') back to a number; other values stay text. A plain
 * decimal a number would print otherwise ('12.50', '0.00000001', 20 digits) stays as written: amounts are exact.
 */
function readValue(s: string): unknown {
  const plain = s.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return s;
  const n = Number(plain);
  return plain === s && String(n) !== s ? s : n;
}

function flatten(cat: Catalogue, prefix: string, out: [string, string][]) {
  for (const [k, v] of Object.entries(cat)) {
    const key = prefix + k;
    if (typeof v === 'string') out.push([key, v]);
    else flatten(v, `${key}.`, out);
  }
}

/** Builds the Russian-text → key index of some namespaces of the Russian catalogue. */
export function messageIndex(namespaces: Record<string, Catalogue>) {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [ns, cat] of Object.entries(namespaces)) {
    const entries: [string, string][] = [];
    flatten(cat, '', entries);
    for (const [k, text] of entries) {
      const key = `${ns}:${k.replace(PLURAL, '')}`;
      if (!text.includes('{{')) {
        if (!exact.has(text)) exact.set(text, key);
        continue;
      }
      const names: string[] = [];
      let source = '';
      let last = 0;
      for (const m of text.matchAll(PLACEHOLDER)) {
        source += `${escapeRe(text.slice(last, m.index))}(.+?)`;
        names.push(m[1] as string);
        last = (m.index ?? 0) + m[0].length;
      }
      source += escapeRe(text.slice(last));
      patterns.push({ key, re: new RegExp(`^${source}$`, 's'), names });
    }
  }
  // the most specific pattern (the longest fixed text) wins when two could match
  patterns.sort((a, b) => b.re.source.length - a.re.source.length);
  return {
    /** the key and values of a Russian text, or undefined when the catalogue does not have it */
    find(text: string): { key: string; params: Record<string, unknown> } | undefined {
      const key = exact.get(text);
      if (key) return { key, params: {} };
      for (const p of patterns) {
        const m = p.re.exec(text);
        if (!m) continue;
        const params: Record<string, unknown> = {};
        p.names.forEach((n, i) => {
          params[n] = readValue(m[i + 1] as string);
        });
        return { key: p.key, params };
      }
      return undefined;
    },
  };
}

export type MessageIndex = ReturnType<typeof messageIndex>;

const CYRILLIC = /[\u0400-\u04ff]/;
/** how deep texts nest in texts: «Файл 2: Файл XML поврежден: строка 3: атрибут «x» повторяется» is three */
const MAX_DEPTH = 4;

/**
 * Gives a Russian text in another language through the index; unknown texts pass through. A value that is itself
 * a Russian catalogue text (a skip reason made of a corporate action's comment, «Файл 2: » before a refusal) is
 * given in that language too; other values (names, descriptions from a report) pass as they are.
 */
export function localize(index: MessageIndex, translate: Translate, text: string, depth = 0): string {
  const found = index.find(text);
  if (!found) return text;
  if (depth < MAX_DEPTH)
    for (const [name, value] of Object.entries(found.params))
      if (typeof value === 'string' && CYRILLIC.test(value))
        found.params[name] = localize(index, translate, value, depth + 1);
  return translate(found.key, found.params);
}

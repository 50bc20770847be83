import { inflateSync } from 'node:zlib';

/** Minimal pure-JS PDF reader for tests: structural validity and text via ToUnicode CMaps. */

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const s = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\b/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const end = s.indexOf('endobj', re.lastIndex);
    const body = s.slice(re.lastIndex, end);
    const si = body.indexOf('stream');
    if (si < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, si);
    let start = re.lastIndex + si + 'stream'.length;
    if (s[start] === '\r') start++;
    if (s[start] === '\n') start++;
    const len = /\/Length (\d+)(?! \d+ R)/.exec(dict);
    const stop = len ? start + Number(len[1]) : s.indexOf('endstream', start);
    let data = pdf.subarray(start, stop);
    if (dict.includes('/FlateDecode')) data = inflateSync(data);
    out.set(Number(m[1]), { dict, stream: data });
    re.lastIndex = end;
  }
  return out;
}

/** Header, trailer, xref offset: the file a viewer would open. */
export function isValidPdf(pdf: Buffer): boolean {
  const head = pdf.subarray(0, 8).toString('latin1');
  const tail = pdf.subarray(-64).toString('latin1');
  const sx = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!/^%PDF-1\.\d/.test(head) || !sx) return false;
  const xref = pdf.subarray(Number(sx[1]), Number(sx[1]) + 4).toString('latin1');
  return xref === 'xref' && /trailer[\s\S]*\/Root \d+ 0 R/.test(pdf.subarray(-4096).toString('latin1'));
}

function cmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexToStr = (h: string) => {
    let r = '';
    for (let i = 0; i + 4 <= h.length; i += 4) r += String.fromCharCode(Number.parseInt(h.slice(i, i + 4), 16));
    return r;
  };
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(m[1] ?? '', 16), hexToStr(m[2] ?? ''));
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = Number.parseInt(m[1] ?? '', 16);
      const hi = Number.parseInt(m[2] ?? '', 16);
      const dst = m[3] ?? '';
      if (dst.startsWith('[')) {
        [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((d, i) => {
          map.set(lo + i, hexToStr(d[1] ?? ''));
        });
      } else {
        const base = Number.parseInt(dst.slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(base + c - lo));
      }
    }
  }
  return map;
}

/** Text of every page, in page order, whitespace collapsed. */
export function extractPdfText(pdf: Buffer): string[] {
  const objs = objects(pdf);
  const fontMaps = new Map<string, Map<number, string>>();
  for (const o of objs.values()) {
    for (const fonts of o.dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const f of (fonts[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)) {
        const fontObj = objs.get(Number(f[2]));
        const tu = fontObj && /\/ToUnicode (\d+) 0 R/.exec(fontObj.dict);
        const stream = tu ? objs.get(Number(tu[1]))?.stream : undefined;
        if (stream && f[1]) fontMaps.set(f[1], cmap(stream.toString('latin1')));
      }
    }
  }
  const pagesRoot = [...objs.values()].find((o) => /\/Type \/Pages\b/.test(o.dict));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pagesRoot?.dict ?? '')?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
    Number(m[1]),
  );
  return kids.map((id) => {
    const page = objs.get(id);
    const contents = /\/Contents (\d+) 0 R/.exec(page?.dict ?? '');
    const stream = contents ? (objs.get(Number(contents[1]))?.stream?.toString('latin1') ?? '') : '';
    let font = new Map<number, string>();
    const parts: string[] = [];
    for (const m of stream.matchAll(/\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[^\]])*)\] TJ|<([0-9a-fA-F]*)> Tj/g)) {
      if (m[1]) {
        font = fontMaps.get(m[1]) ?? new Map();
        continue;
      }
      const hexes = m[2] !== undefined ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '') : [m[3] ?? ''];
      let run = '';
      for (const h of hexes) {
        for (let i = 0; i + 4 <= h.length; i += 4) run += font.get(Number.parseInt(h.slice(i, i + 4), 16)) ?? '';
      }
      parts.push(run);
    }
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  });
}

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderFormPdf, renderPdf } from '../src/pdf/render.ts';
import type { FormTemplate, TemplateField } from '../src/template/model.ts';
import { templateFor } from '../src/template/registry.ts';
import { sample270 } from './fixtures.ts';
import { PACKAGE_910, t910 } from './kgd-910.ts';

/**
 * The PDF is drawn from the template: a page rendered to an image with poppler's pdftoppm must show the
 * template's boxes and texts where the template puts them (in millimetres from the top-left corner).
 */
const DPI = 100;
const px = (mm: number) => Math.round((mm * DPI) / 25.4);
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;

interface Gray {
  w: number;
  h: number;
  at(xmm: number, ymm: number): number;
  /** darkest pixel in a box given in mm */
  darkest(x: number, y: number, w: number, h: number): number;
}

/** First page as an 8-bit grey image (pdftoppm -gray writes binary PGM, P5). */
function rasterize(pdf: Buffer): Gray {
  const dir = mkdtempSync(join(tmpdir(), 'deklarant-png-'));
  writeFileSync(join(dir, 'p.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-f', '1', '-l', '1', '-gray', join(dir, 'p.pdf'), join(dir, 'p')]);
  const file = ['p-1.pgm', 'p-01.pgm', 'p-001.pgm'].map((f) => join(dir, f)).find(existsSync) as string;
  // also a PNG of the same page, for a person to look at
  execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', join(dir, 'p.pdf'), join(dir, 'shot')]);
  const buf = readFileSync(file);
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 40).toString('latin1'));
  if (!m) throw new Error('not a PGM');
  const [w, h] = [Number(m[1]), Number(m[2])];
  const data = buf.subarray(m[0].length);
  const at = (x: number, y: number) => data[Math.min(h - 1, px(y)) * w + Math.min(w - 1, px(x))] ?? 255;
  const darkest = (x: number, y: number, bw: number, bh: number) => {
    let min = 255;
    for (let j = px(y); j <= px(y + bh); j++)
      for (let i = px(x); i <= px(x + bw); i++) min = Math.min(min, data[j * w + i] ?? 255);
    return min;
  };
  return { w, h, at, darkest };
}

const field = (t: FormTemplate, page: string, name: string): TemplateField => {
  const p = t.forms.flatMap((f) => f.pages).find((x) => x.name === page);
  const f = p?.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${page}.${name} not in template`);
  return f;
};

/** The comb boxes of a field: every box edge drawn where the template puts the field, a glyph inside each filled box. */
function expectComb(img: Gray, f: TemplateField, value: string) {
  const n = f.length ?? 1;
  const bw = f.width / n;
  const mid = f.y + f.height / 2;
  for (let i = 0; i <= n; i++)
    expect(img.darkest(f.x + i * bw - 0.25, mid - 0.5, 0.5, 1), `edge ${i}`).toBeLessThan(140);
  // just outside the field: white
  expect(img.darkest(f.x - 3, mid - 0.5, 2, 1)).toBeGreaterThan(200);
  const first = f.type === 'NUMERIC' ? n - value.length : 0;
  for (let i = 0; i < n; i++) {
    const ink = img.darkest(f.x + i * bw + bw * 0.3, f.y + f.height * 0.25, bw * 0.4, f.height * 0.5);
    if (i >= first && i < first + value.length) expect(ink, `glyph in box ${i}`).toBeLessThan(128);
    else expect(ink, `empty box ${i}`).toBeGreaterThan(200);
  }
}

describe.skipIf(!hasPdftoppm)('PDF pages rendered to an image (pdftoppm) sit where the template says', () => {
  it.skipIf(!t910)(
    `KGD's own 910.00 template, first page (${t910 ? 'found' : `skipped: ${PACKAGE_910} is absent`})`,
    { timeout: 60_000 },
    async () => {
      const t = t910 as FormTemplate;
      const pdf = await renderFormPdf(
        t,
        {
          code: '910.00',
          formatVersion: '1',
          version: t.version,
          forms: [
            {
              name: 'form_910_00',
              sheets: [
                {
                  name: 'page_910_00_01',
                  fields: [
                    ['iin', '900101300126'],
                    ['dt_final', 'true'],
                  ],
                },
              ],
            },
          ],
        },
        { title: '910.00', footer: 'Форма 910.00' },
      );
      const img = rasterize(pdf);
      // A4 portrait at 100 dpi: 210 × 297 mm = 826.8 × 1169.3 px (pdftoppm rounds up: 827 × 1170)
      expect(Math.abs(img.w - px(210))).toBeLessThanOrEqual(1);
      expect(Math.abs(img.h - px(297))).toBeLessThanOrEqual(1);
      // <numericField x="33.95" y="31.96" width="59.00" height="5.12" fieldName="iin" length="12" comb="true">
      expectComb(img, field(t, 'page_910_00_01', 'iin'), '900101300126');
      // <checkbox x="187.34" y="90.31" width="4.00" height="4.00" fieldName="dt_final">, ticked: an X inside
      expect(img.darkest(187.34 + 1.2, 90.31 + 1.2, 1.6, 1.6)).toBeLessThan(128);
      // <rectangle x="7.00" y="176.36" width="15.00" height="5.00" borderColor="-8355712" borderWidth="0.25">:
      // its top edge is drawn, its inside stays light
      expect(img.darkest(9, 176.36 - 0.2, 11, 0.4)).toBeLessThan(200);
      // every printed text with a label has ink inside its box
      const page = t.forms[0]!.pages[0]!;
      const texts = page.texts.filter((x) => (t.labels.get(x.code) ?? '').trim().length > 3 && x.width > 10);
      expect(texts.length).toBeGreaterThan(20);
      for (const x of texts.slice(0, 40)) {
        expect(img.darkest(x.x, x.y, Math.min(x.width, 20), Math.max(x.height, 3)), t.labels.get(x.code)).toBeLessThan(
          160,
        );
      }
    },
  );

  it('our 270.00: the first page and 270.01 boxes where our template puts them', { timeout: 60_000 }, async () => {
    const t = templateFor('270.00', 2024);
    const img = rasterize(await renderPdf(sample270()));
    expectComb(img, field(t, 'page_270_00_01', 'iin'), '900101300126');
    expectComb(img, field(t, 'page_270_00_01', 'period_year'), '2024');
    expectComb(img, field(t, 'page_270_00_01', 'rating_auth_code'), '6004');
    const regular = field(t, 'page_270_00_01', 'dt_regular');
    const main = field(t, 'page_270_00_01', 'dt_main');
    expect(img.darkest(regular.x + 1, regular.y + 1, 2, 2)).toBeLessThan(128); // ticked
    expect(img.darkest(main.x + 1, main.y + 1, 2, 2)).toBeGreaterThan(200); // not ticked
  });
});

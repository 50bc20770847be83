import { describe, expect, it } from 'vitest';
import { BOLD, drawText, type PdfKitDoc, pdfDocument, REGULAR } from '../src/pdf/kit.ts';

/** The PDF without what differs on every run (creation date, file ID). */
const stable = (b: Buffer) =>
  b
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/g, '');

const SAMPLES = [
  '1 234 567,89',
  '-0,50',
  '29.02.2024',
  'US0378331005',
  'AVA Tower, Wolfram',
  'Продажа ценных бумаг «ТОО Ёлка»',
  'Раздел II. Доходы от прироста стоимости',
  'fi ffl AV To',
  '',
];

function draw(pdf: PdfKitDoc, put: (s: string, x: number, y: number) => void) {
  pdf.addPage({ size: 'A4', margin: 0 });
  SAMPLES.forEach((s, i) => {
    pdf.font(i % 2 ? BOLD : REGULAR).fontSize(7 + i);
    put(s, 20 + i, 30 + i * 20.125);
    put(s, 300.333, 30 + i * 20.125);
  });
}

describe('drawText', () => {
  it("writes the same PDF as pdfkit's text() for numbers, dates, codes and Cyrillic with kerning", async () => {
    const own = await pdfDocument('t', (pdf) => draw(pdf, (s, x, y) => drawText(pdf, s, x, y)));
    const kit = await pdfDocument('t', (pdf) => draw(pdf, (s, x, y) => pdf.text(s, x, y, { lineBreak: false })));
    expect(stable(own)).toBe(stable(kit));
  });
});

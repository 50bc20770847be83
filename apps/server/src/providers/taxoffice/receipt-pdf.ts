import { almatyDateTime } from '@deklarant/contracts';
import { PDF_FONT_BOLD, PDF_FONT_REGULAR, pdfDocument } from '@deklarant/documents';
import { translator } from '@deklarant/i18n/node';

/** A text of the talon in Kazakh and in Russian, as the tax office's own talon gives it (state language first). */
const both = (key: string, params?: Record<string, unknown>): [string, string] => [
  translator().t('kk', `sandbox:talon.${key}`, params),
  translator().t('ru', `sandbox:talon.${key}`, params),
];
/** One text when both languages write it the same way (a number, a code), else the two. */
const same = (v: string): [string, string] => [v, v];

type Pdf = Parameters<Parameters<typeof pdfDocument>[1]>[0] & { heightOfString(s: string, options?: object): number };

/**
 * The sandbox tax office's receipt (талон) as a PDF: what the real one states about the accepted
 * declaration (number, form, period, office, dates), marked as a test document. Bilingual like the tax
 * office's talon (Kazakh, then Russian): it is made when the office accepts the report, for whoever reads it.
 */
export function sandboxReceiptPdf(r: {
  registrationNumber: string;
  formCode: string;
  year: number;
  kgdCode: string;
  receivedAt: string;
  registeredAt: string;
  documentSha256: string;
}): Promise<Buffer> {
  const rows: [[string, string], [string, string]][] = [
    [both('registrationNumber'), same(r.registrationNumber)],
    [both('form'), same(r.formCode)],
    [both('period'), both('year', { year: r.year })],
    [both('kgd'), same(r.kgdCode)],
    [both('receivedAt'), both('almaty', { time: almatyDateTime(r.receivedAt) })],
    [both('registeredAt'), both('almaty', { time: almatyDateTime(r.registeredAt) })],
    [both('status'), both('accepted')],
  ];
  const [fileKk, fileRu] = both('file', { number: r.registrationNumber });
  return pdfDocument(`${fileKk} / ${fileRu}`, (doc) => {
    const pdf = doc as Pdf;
    // A5 portrait, 36 pt margins
    pdf.addPage({ size: 'A5', margin: 0 });
    const left = 36;
    const width = pdf.page.width - 72;
    const labelWidth = 170;
    const valueLeft = left + labelWidth + 8;
    const valueWidth = width - labelWidth - 8;
    /** Kazakh above Russian (the Russian smaller and grey); returns the height taken. */
    const pair = ([kk, ru]: [string, string], x: number, y: number, w: number, size: number, font: string) => {
      pdf.font(font).fontSize(size).fillColor('#000000').text(kk, x, y, { width: w });
      let h = pdf.heightOfString(kk, { width: w });
      if (ru !== kk) {
        pdf
          .font(PDF_FONT_REGULAR)
          .fontSize(size - 1)
          .fillColor('#495057')
          .text(ru, x, y + h + 1, { width: w });
        h += 1 + pdf.heightOfString(ru, { width: w });
      }
      return h;
    };
    pdf.font(PDF_FONT_REGULAR).fontSize(8).fillColor('#c92a2a');
    let y = 36;
    for (const line of both('testDocument')) {
      pdf.text(line, left, y, { width });
      y += pdf.heightOfString(line, { width }) + 1;
    }
    y += 8;
    pdf.font(PDF_FONT_BOLD).fontSize(14).fillColor('#000000');
    for (const line of both('title')) {
      pdf.text(line, left, y, { width });
      y += pdf.heightOfString(line, { width }) + 2;
    }
    y += 12;
    for (const [label, value] of rows) {
      const h = Math.max(
        pair(label, left, y, labelWidth, 9.5, PDF_FONT_BOLD),
        pair(value, valueLeft, y, valueWidth, 10, PDF_FONT_REGULAR),
      );
      y += h + 10;
      pdf
        .strokeColor('#dee2e6')
        .lineWidth(0.5)
        .moveTo(left, y - 5)
        .lineTo(left + width, y - 5)
        .stroke();
    }
    pdf.font(PDF_FONT_REGULAR).fontSize(7).fillColor('#000000');
    for (const line of both('checksum', { sha: r.documentSha256 })) {
      pdf.text(line, left, y + 4, { width });
      y += pdf.heightOfString(line, { width }) + 2;
    }
    pdf.fontSize(8).fillColor('#868e96');
    for (const line of both('receiver')) {
      pdf.text(line, left, y + 16, { width });
      y += pdf.heightOfString(line, { width }) + 1;
    }
  });
}

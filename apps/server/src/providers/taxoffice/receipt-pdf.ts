import { PDF_FONT_BOLD, PDF_FONT_REGULAR, pdfDocument } from '@deklarant/documents';

/** A date-time as people in Kazakhstan read it: dd.mm.yyyy hh:mm, Almaty time. */
export const almatyDateTime = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Asia/Almaty',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');

/**
 * The sandbox tax office's receipt (талон) as a PDF: what the real one states about the accepted
 * declaration (number, form, period, office, dates), marked as a test document.
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
  const rows: [string, string][] = [
    ['Регистрационный номер', r.registrationNumber],
    ['Форма', r.formCode],
    ['Налоговый период', `${r.year} год`],
    ['Код органа гос. доходов', r.kgdCode],
    ['Дата и время получения', `${almatyDateTime(r.receivedAt)} (Алматы)`],
    ['Дата и время регистрации', `${almatyDateTime(r.registeredAt)} (Алматы)`],
    ['Статус', 'Принято'],
  ];
  return pdfDocument(`Талон ${r.registrationNumber}`, (pdf) => {
    // A5 portrait, 36 pt margins
    pdf.addPage({ size: 'A5', margin: 0 });
    const left = 36;
    const width = pdf.page.width - 72;
    pdf.font(PDF_FONT_REGULAR).fontSize(8).fillColor('#c92a2a');
    pdf.text('ТЕСТОВЫЙ ДОКУМЕНТ (песочница), не имеет юридической силы', left, 36, { width });
    pdf.font(PDF_FONT_BOLD).fontSize(14).fillColor('#000000');
    pdf.text('Талон о приеме налоговой отчетности', left, 56, { width });
    let y = 90;
    for (const [k, v] of rows) {
      pdf.font(PDF_FONT_BOLD).fontSize(10).text(k, left, y, { width: 150 });
      pdf
        .font(PDF_FONT_REGULAR)
        .fontSize(10)
        .text(v, left + 156, y, { width: width - 156 });
      y += 22;
      pdf
        .strokeColor('#dee2e6')
        .lineWidth(0.5)
        .moveTo(left, y - 6)
        .lineTo(left + width, y - 6)
        .stroke();
    }
    pdf.font(PDF_FONT_REGULAR).fontSize(7).fillColor('#000000');
    pdf.text(`Контрольная сумма документа (SHA-256): ${r.documentSha256}`, left, y + 8, { width });
    pdf
      .fontSize(8)
      .fillColor('#868e96')
      .text('Тестовый прием отчетности (песочница)', left, y + 30, { width });
  });
}

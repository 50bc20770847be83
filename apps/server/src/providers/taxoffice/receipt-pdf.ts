import { pdfBuffer } from '@deklarant/documents';

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
  const row = (k: string, v: string) => [{ text: k, bold: true }, v];
  return pdfBuffer(
    {
      pageSize: 'A5',
      pageMargins: [36, 36, 36, 36],
      defaultStyle: { font: 'Roboto', fontSize: 10 },
      info: { title: `Талон ${r.registrationNumber}` },
      content: [
        { text: 'ТЕСТОВЫЙ ДОКУМЕНТ (песочница), не имеет юридической силы', color: '#c92a2a', fontSize: 8 },
        { text: 'Талон о приеме налоговой отчетности', fontSize: 14, bold: true, margin: [0, 8, 0, 12] },
        {
          table: {
            widths: [150, '*'],
            body: [
              row('Регистрационный номер', r.registrationNumber),
              row('Форма', r.formCode),
              row('Налоговый период', `${r.year} год`),
              row('Код органа гос. доходов', r.kgdCode),
              row('Дата и время получения', `${almatyDateTime(r.receivedAt)} (Алматы)`),
              row('Дата и время регистрации', `${almatyDateTime(r.registeredAt)} (Алматы)`),
              row('Статус', 'Принято'),
            ],
          },
          layout: 'lightHorizontalLines',
        },
        { text: `Контрольная сумма документа (SHA-256): ${r.documentSha256}`, fontSize: 7, margin: [0, 12, 0, 0] },
        { text: 'Тестовый прием отчетности (песочница)', fontSize: 8, color: '#868e96', margin: [0, 8, 0, 0] },
      ],
    },
    () => {},
  );
}

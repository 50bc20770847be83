import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@deklarant/contracts';
import { translator } from '@deklarant/i18n/node';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, multipart, type Part, signedInUser, type TestServer } from './helpers.ts';

/**
 * Issue 20: what the upload screen shows of an import — the result message, row errors, skipped rows with their
 * reasons, the reconciliation's notes — comes in the reader's language. The importers write these texts in
 * Russian (their catalogue, packages/i18n/locales/ru/importers.json) and they are stored so; the server gives
 * them in the language of each request. Russian answers are exactly as before.
 */
const SAMPLES = join(import.meta.dirname, '../../../packages/importers/samples');
const NEW_270 = { year: 2024, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };

/** The IB activity sample with a trade whose date cannot be read, a deposit (skipped) and a section we do not read. */
function statement(): Buffer {
  const lines = readFileSync(join(SAMPLES, 'ib-activity.csv'), 'utf8').split('\n');
  // line 6: right under the first Trades header
  lines.splice(5, 0, 'Trades,Data,Order,Stocks,USD,MSFT,someday,5,400,400,-2000,-1,2001,0,0,O');
  lines.push(
    'Deposits & Withdrawals,Header,Currency,Settle Date,Description,Amount',
    'Deposits & Withdrawals,Data,USD,2024-02-01,Electronic Fund Transfer,1000',
    'Borrow Fee Details,Header,Currency,Symbol,Fee',
    'Borrow Fee Details,Data,USD,XYZ,1.5',
  );
  return Buffer.from(lines.join('\n'));
}

const t = (lng: 'ru' | 'kk' | 'en', key: string, values?: Record<string, unknown>) =>
  translator().t(lng, `importers:${key}`, values);

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const xsrf = 'd'.repeat(64);
let ip = 0;
function upload(
  token: string,
  declarationId: number,
  files: { name: string; bytes: Buffer }[],
  acceptLanguage?: string,
) {
  const body = multipart(files.map((f): Part => ({ name: 'files[]', value: f.bytes, filename: f.name })));
  return s.app.inject({
    method: 'POST',
    url: `/api/declarations/${declarationId}/upload-file`,
    remoteAddress: `10.31.0.${ip++}`,
    headers: {
      authorization: `Bearer ${token}`,
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'content-type': body.contentType,
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
    },
    payload: body.payload,
  });
}

async function view(token: string, importId: number, acceptLanguage?: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/imports/${importId}`,
    headers: { authorization: `Bearer ${token}`, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('an import in the reader’s language', () => {
  let token: string;
  let importId: number;
  beforeAll(async () => {
    const u = await signedInUser(s);
    token = u.token;
    const created = await u.client.post('/api/declarations', NEW_270);
    expect(created.statusCode, created.body).toBe(201);
    const res = await upload(token, created.json().data.common_data.id, [{ name: 'ib.csv', bytes: statement() }]);
    expect(res.statusCode, res.body).toBe(202);
    importId = res.json().import_id;
    await s.deps.jobs.runOnce();
  });

  it('Russian: the texts as the importers wrote them', async () => {
    const ru = await view(token, importId);
    expect(ru.status).toBe('done');
    expect(ru.message).toBe(MSG.importDone(ru.counts.added));
    expect(ru.skipped).toContainEqual({
      file: 0,
      row: expect.any(Number),
      message: 'Раздел «Deposits & Withdrawals»: не является доходом или сделкой для декларации',
    });
    expect(ru.skipped).toContainEqual({
      file: 0,
      row: 11,
      message: 'Конвертация валюты: не является сделкой с ценными бумагами',
    });
    expect(ru.errors).toEqual([
      { file: 0, row: 6, field: 'Date/Time', message: 'Строка 6: не удалось прочитать дату «someday»' },
    ]);
    expect(ru.counts.reconciliation[0].notes).toEqual([
      'Разделы выписки Interactive Brokers не прочитаны: Borrow Fee Details. Если в них есть сделки или доходы, внесите их вручную или через шаблон.',
    ]);
    // the same import asked in Russian explicitly is the same answer
    expect(await view(token, importId, 'ru-RU,ru;q=0.9')).toEqual(ru);
  });

  for (const lng of ['kk', 'en'] as const) {
    it(`${lng}: message, skip reasons, row errors and reconciliation notes from the ${lng} catalogue`, async () => {
      const ru = await view(token, importId);
      const answer = await view(token, importId, lng);
      expect(answer.message).toBe(translator().t(lng, 'errors:importDone', { added: ru.counts.added }));
      expect(answer.skipped).toContainEqual({
        file: 0,
        row: expect.any(Number),
        message: t(lng, 'skip.section', { section: 'Deposits & Withdrawals' }),
      });
      expect(answer.skipped).toContainEqual({ file: 0, row: 11, message: t(lng, 'skip.fxConversion') });
      expect(answer.errors).toEqual([
        {
          file: 0,
          row: 6,
          field: 'Date/Time',
          message: `${t(lng, 'row.label', { row: 6 })}: ${t(lng, 'row.dateUnreadable', { value: 'someday' })}`,
        },
      ]);
      expect(answer.counts.reconciliation[0].notes).toEqual([
        t(lng, 'note.ibCsvUnread', { sections: 'Borrow Fee Details' }),
      ]);
      // nothing Russian is left of these texts (Kazakh is written in Cyrillic too: no text is the Russian one)
      const texts = (v: typeof ru) => [
        v.message,
        ...[...v.skipped, ...v.errors].map((x: { message: string }) => x.message),
      ];
      if (lng === 'en') expect(texts(answer).join('\n')).not.toMatch(/[а-яё]/i);
      const russian = new Set(texts(ru));
      for (const text of texts(answer)) expect(russian.has(text), text).toBe(false);
      // the counts and the reconciliation's numbers are the same in every language
      expect(answer.counts).toEqual({ ...ru.counts, reconciliation: answer.counts.reconciliation });
      expect(answer.counts.reconciliation[0].totals).toEqual(ru.counts.reconciliation[0].totals);
    });
  }
});

describe('a refused upload in the reader’s language', () => {
  it('«Файл 2: …» before the refusal of the second file, both parts translated', async () => {
    const u = await signedInUser(s);
    const created = await u.client.post('/api/declarations', NEW_270);
    const id = created.json().data.common_data.id;
    const files = [
      { name: 'ib.csv', bytes: readFileSync(join(SAMPLES, 'ib-activity.csv')) },
      { name: 'empty.csv', bytes: Buffer.alloc(0) },
    ];
    const ru = await upload(u.token, id, files);
    expect(ru.statusCode).toBe(422);
    const ruText = 'Файл 2: Файл пустой (0 байт). Выгрузите отчет из кабинета брокера заново.';
    expect(ru.json()).toMatchObject({ message: ruText, errors: { files: [ruText] } });
    for (const lng of ['kk', 'en'] as const) {
      const res = await upload(u.token, id, files, lng);
      expect(res.statusCode).toBe(422);
      const text = t(lng, 'upload.filePrefix', { n: 2, message: t(lng, 'refuse.emptyBytes') });
      expect(res.json()).toMatchObject({ message: text, errors: { files: [text] } });
    }
  });
});

describe('the template in the reader’s language', () => {
  it('instructions in Kazakh, the same column names to fill in', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/imports/template.xlsx',
      headers: { 'accept-language': 'kk' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      t('kk', 'template.sheetOperations'),
      t('kk', 'template.sheetHelp'),
    ]);
    const help = wb.worksheets[1]!;
    expect(help.getRow(1).values).toEqual([undefined, t('kk', 'template.column'), t('kk', 'template.whatToEnter')]);
    expect(help.getRow(2).values).toEqual([undefined, 'date', t('kk', 'template.columns.date')]);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('date');
  });
});

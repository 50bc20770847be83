import { Zip, ZipDeflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../src/index.ts';
import { expectRefused, sample } from './helpers.ts';

/** A small zip that inflates to `mb` megabytes of zeros, built in memory (never committed). */
function zipBomb(mb: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const entry = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 9 });
  zip.add(entry);
  const block = new Uint8Array(1024 * 1024);
  for (let i = 0; i < mb; i++) entry.push(block, i === mb - 1);
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('malformed files are refused with a Russian message and no deals', () => {
  it('zero-byte file', async () => {
    const e = await expectRefused(sample('empty.csv'), /Файл пустой/);
    expect(e.code).toBe('empty');
  });

  it('file over the size limit given in options', async () => {
    const e = await expectRefused(
      sample('ib-flex.xml'),
      /Файл слишком большой. Максимальный размер файла 0\.001 МБ|Файл слишком большой/,
      {
        maxBytes: 1024,
      },
    );
    expect(e.code).toBe('too_large');
  });

  it('XML with an external entity (XXE)', async () => {
    expect((await expectRefused(sample('ib-flex-xxe.xml'), /DOCTYPE\/ENTITY/)).code).toBe('unsafe_xml');
  });

  it('XML entity expansion (billion laughs)', async () => {
    expect((await expectRefused(sample('billion-laughs.xml'), /DOCTYPE\/ENTITY/)).code).toBe('unsafe_xml');
  });

  it('truncated Flex XML', async () => {
    expect((await expectRefused(sample('ib-flex-truncated.xml'), /обрезан/)).code).toBe('truncated');
  });

  it('XML with mismatched tags', async () => {
    const xml = '<FlexQueryResponse><FlexStatements><FlexStatement></Trades></FlexStatements></FlexQueryResponse>';
    expect((await expectRefused(new TextEncoder().encode(xml), /XML поврежден/)).code).toBe('corrupt');
  });

  it('pathological XML (5 MB of unclosed tags) is refused quickly', async () => {
    const xml = `<FlexQueryResponse>${'<a "'.repeat(1_300_000)}</FlexQueryResponse>`;
    const t0 = performance.now();
    await expectRefused(new TextEncoder().encode(xml), /XML поврежден|нет ни одного FlexStatement/);
    // Linear work takes well under a second; the bound only catches super-linear blow-ups (minutes),
    // so a busy CI machine cannot make it flaky.
    expect(performance.now() - t0).toBeLessThan(15000);
  });

  it('truncated IB CSV (last line cut)', async () => {
    await expectRefused(sample('ib-activity-truncated.csv'), /обрезан: последняя строка 15 неполная/);
  });

  it('IB CSV with a renamed column', async () => {
    const e = await expectRefused(sample('ib-activity-wrong-columns.csv'), /нет столбцов «Proceeds»/);
    expect(e.code).toBe('columns');
  });

  it('truncated Freedom JSON', async () => {
    await expectRefused(sample('freedom-truncated.json'), /JSON поврежден или обрезан/);
  });

  it('truncated XLSX', async () => {
    await expectRefused(sample('halyk-truncated.xlsx'), /XLSX обрезан/);
  });

  it('xlsx zip bomb: over the uncompressed limit passed in options', async () => {
    const bomb = zipBomb(12);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const e = await expectRefused(bomb, /zip-бомб/, { maxUncompressedBytes: 2 * 1024 * 1024 });
    expect(e.code).toBe('zip_bomb');
    expect(() => detectFormat(bomb)).toThrow(/zip-бомб/);
  });

  it('xlsx zip bomb: inflation ratio too high under the default 100 MB limit', async () => {
    await expectRefused(zipBomb(20), /zip-бомб/);
  });

  it('text in an unknown 8-bit encoding', async () => {
    expect((await expectRefused(sample('bad-encoding.csv'), /кодировк/)).code).toBe('encoding');
  });

  it('binary garbage', async () => {
    await expectRefused(new Uint8Array([1, 2, 0, 0, 5, 6, 7, 8]), /не является текстовым/);
  });

  it('a damaged old-format Excel workbook (.xls) says to save it as .xlsx', async () => {
    // the OLE2 signature D0 CF 11 E0 A1 B1 1A E1 of every Excel 97–2003 file, then a sector of zeros
    const xls = new Uint8Array(512);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const e = await expectRefused(
      xls,
      /старого формата \(\.xls\) не читается.*сохраните как «Книга Excel \(\.xlsx\)»/s,
    );
    expect(e.code).toBe('corrupt');
  });

  it('template with wrong columns names the missing ones', async () => {
    await expectRefused(
      sample('template-wrong-columns.csv'),
      /Не найдены обязательные столбцы: «type», «currency», «amount»/,
    );
  });

  it('Halyk file with wrong columns, when the user chose Halyk Finance', async () => {
    await expectRefused(sample('halyk-wrong-columns.csv'), /Не найдены обязательные столбцы: «Вид операции»/, {
      brokerHint: 'Halyk Finance',
    });
  });

  it('an unrecognised file lists the accepted formats', async () => {
    const e = await expectRefused(
      new TextEncoder().encode('hello,world\n1,2\n'),
      /Проверьте формат загружаемого файла/,
    );
    expect(e.code).toBe('unknown_format');
  });

  it('an IB Flex web-service error response is not a report', async () => {
    const xml =
      '<FlexStatementResponse timestamp="x"><Status>Fail</Status><ErrorCode>1012</ErrorCode><ErrorMessage>Token has expired.</ErrorMessage></FlexStatementResponse>';
    await expectRefused(new TextEncoder().encode(xml), /Token has expired/);
  });
});

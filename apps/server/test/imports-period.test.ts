import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodMismatch, periodPartial } from '../src/modules/imports/broker-match.ts';
import { createTestServer, signedInUser, type TestServer, uploadFiles } from './helpers.ts';

// The statement's period against the declaration's year (issue 16): another year is refused; a part of the year
// (a quarter, a statement ending in autumn) is read, with a note that the other months are not in it.

describe('the statement period against the declaration year', () => {
  it('another year is refused, a period reaching into the year is not', () => {
    expect(periodMismatch({ from: '01.01.2024', to: '31.12.2024' }, 2025)).toMatch(/декларация — за 2025 год/);
    expect(periodMismatch({ from: '01.06.2024', to: '31.05.2025' }, 2025)).toBeNull();
    expect(periodMismatch(undefined, 2025)).toBeNull();
  });

  it('a part of the year is named with the dates it covers in that year', () => {
    expect(periodPartial({ from: '01.02.2025', to: '31.03.2025' }, 2025)).toBe(
      'Отчет охватывает 01.02.2025 – 31.03.2025, а не весь 2025 год: сделок и выплат остальных месяцев в нем нет. ' +
        'Загрузите отчеты за остальные месяцы или отчет за весь год.',
    );
    // Freedom dates its year from the last second of the year before: still the whole year
    expect(periodPartial({ from: '31.12.2024', to: '31.12.2025' }, 2025)).toBeNull();
    expect(periodPartial({ from: '01.01.2025', to: '31.12.2025' }, 2025)).toBeNull();
    // a statement from June to June covers 2025 only from its start to June
    expect(periodPartial({ from: '01.06.2024', to: '30.06.2025' }, 2025)).toMatch(
      /^Отчет охватывает 01\.01\.2025 – 30\.06\.2025,/,
    );
  });
});

describe('a quarterly statement uploaded', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it('is read, and its reconciliation says which months it covers', async () => {
    const u = await signedInUser(s);
    const created = await u.client.post('/api/declarations', {
      year: 2025,
      type: 1,
      kgd_code_id: 1,
      reporting_form_id: 3,
      broker: null,
    });
    const id = created.json().data.common_data.id as number;
    // the layout of a real quarterly Flex query (portfolio-performance's test file 28), one dividend of 18.15 USD
    const flex = Buffer.from(`<FlexQueryResponse queryName="PP" type="AF"><FlexStatements count="1">
<FlexStatement accountId="U1234567" fromDate="20250201" toDate="20250331" period="LastQuarter" whenGenerated="20250410;120000">
<CashTransactions>
<CashTransaction accountId="U1234567" currency="USD" assetCategory="STK" symbol="HIDR" description="HIDR(IE00B46G8275) CASH DIVIDEND USD 0.9076 PER SHARE (Mixed Income)" isin="IE00B46G8275" amount="18.15" type="Dividends" reportDate="20250304" />
</CashTransactions>
</FlexStatement></FlexStatements></FlexQueryResponse>`);
    const res = await uploadFiles(s, u.token, id, [{ name: 'files[]', value: flex, filename: 'q1.xml' }]);
    expect(res.statusCode, res.body).toBe(202);
    await s.deps.jobs.runOnce();
    const done = (await u.client.get(`/api/imports/${res.json().import_id}`)).json().data;
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.counts.added).toBe(1);
    expect(done.counts.reconciliation[0].notes).toContain(
      'Отчет охватывает 01.02.2025 – 31.03.2025, а не весь 2025 год: сделок и выплат остальных месяцев в нем нет. ' +
        'Загрузите отчеты за остальные месяцы или отчет за весь год.',
    );
  });
});

import { MSG } from '@deklarant/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPdfText } from '../../../packages/documents/test/pdf-text.ts';
import { COMMENT_MAX } from '../src/lib/comment.ts';
import { createTestServer, signedInUser, type TestServer, uploadFiles } from './helpers.ts';

// An imported statement's sales as the register prints them and as the deal form leaves them (issue 16/17):
// - a tender without purchases waits for its cost: the reason comes first and the explanation after it keeps
//   whole sentences within the form's 255 characters (it was cut mid-word: «… Правило 2024 г»);
// - once the person gives the cost in the deal form the request is gone from the comment (the register
//   printed «укажите стоимость приобретения» next to the cost given);
// - a sale costed by FIFO over the imported purchases prints that cost in its currency in the register.
// The test clock starts at 2026-03-15: 2024 is selectable.

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});

const NVDA = 'US67066G1040';
const TND = 'US0000000019';
const stock = (symbol: string, isin: string) =>
  `currency="USD" assetCategory="STK" symbol="${symbol}" isin="${isin}" issuerCountryCode="US" listingExchange="NASDAQ"`;

// 10 NVDA bought for 4 800 USD on 05.01.2024, split 10 for 1 on 10.06.2024, 50 sold for 6 200 USD on
// 01.07.2024; 100 TND tendered for 3 500 USD on 20.09.2024 with no purchase in the file; a T-bill of 10 000 USD
// matured on 29.11.2024, bought in an earlier year (no purchase in the file).
const STATEMENT = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<FlexQueryResponse queryName="tax" type="AF"><FlexStatements count="1">
<FlexStatement accountId="U7" fromDate="20240101" toDate="20241231" period="" whenGenerated="20250106;090000">
<Trades>
<Trade accountId="U7" ${stock('NVDA', NVDA)} description="NVIDIA CORP" tradeID="1" tradeDate="20240105" quantity="10" tradePrice="480" proceeds="-4800" ibCommission="0" buySell="BUY" levelOfDetail="EXECUTION"/>
<Trade accountId="U7" ${stock('NVDA', NVDA)} description="NVIDIA CORP" tradeID="2" tradeDate="20240701" quantity="-50" tradePrice="124" proceeds="6200" ibCommission="0" buySell="SELL" levelOfDetail="EXECUTION"/>
</Trades>
<CorporateActions>
<CorporateAction accountId="U7" ${stock('NVDA', NVDA)} reportDate="20240610" dateTime="20240610;202500" type="FS" description="NVDA(${NVDA}) SPLIT 10 FOR 1 (NVDA, NVIDIA CORP, ${NVDA})" quantity="90" proceeds="0" value="0" transactionID="11" levelOfDetail="DETAIL"/>
<CorporateAction accountId="U7" ${stock('TND', TND)} reportDate="20240920" dateTime="20240920;202500" type="TO" description="TND(${TND}) TENDERED TO USD 35.00 (TND, TND CORP, ${TND})" quantity="-100" proceeds="3500" value="0" transactionID="12" levelOfDetail="DETAIL"/>
<CorporateAction accountId="U7" assetCategory="BILL" currency="USD" symbol="B 11/29/24" description="B 11/29/24 (US912797GK78) MATURED" isin="US912797GK78" issuerCountryCode="US" type="TM" actionID="9005" transactionID="13" dateTime="20241129" quantity="-10000" proceeds="10000" levelOfDetail="DETAIL"/>
</CorporateActions>
</FlexStatement></FlexStatements></FlexQueryResponse>`);

type User = Awaited<ReturnType<typeof signedInUser>>;
interface Deal {
  id: number;
  status: number | null;
  comment: string | null;
  isin_security: string;
  [k: string]: unknown;
}

async function upload(u: User, declarationId: number) {
  const res = await uploadFiles(s, u.token, declarationId, [
    { name: 'files[]', value: STATEMENT, filename: 'flex.xml' },
    { name: 'bank', value: 'Interactive Brokers' },
  ]);
  expect(res.statusCode, res.body).toBe(202);
  await s.deps.jobs.runOnce();
  const done = (await u.client.get(`/api/imports/${res.json().import_id}`)).json().data;
  expect(done.status, JSON.stringify(done)).toBe('done');
}

const sales = async (u: User, id: number): Promise<Deal[]> =>
  (await u.client.get(`/api/declarations/${id}/deals/second_section`)).json().data;

describe('an imported sale: its comment, the deal form, the register', () => {
  let u: User;
  let id: number;
  beforeAll(async () => {
    u = await signedInUser(s, { full_access: true });
    const created = await u.client.post('/api/declarations', {
      year: 2024,
      type: 1,
      kgd_code_id: 1,
      reporting_form_id: 3,
      broker: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().data.common_data.id;
    await upload(u, id);
  });

  it('a tender without purchases: the reason first, then whole sentences within 255 characters', async () => {
    const tender = (await sales(u, id)).find((d) => d.isin_security === TND)!;
    expect(tender.status).toBe(1);
    expect(tender.comment!.startsWith(MSG.importNoPurchaseHistory)).toBe(true);
    expect(tender.comment!.length).toBeLessThanOrEqual(COMMENT_MAX);
    // the explanation names the action and ends where one of its sentences ends
    expect(tender.comment).toContain('тендерное предложение');
    expect(tender.comment).toMatch(/[.!?…]$/);
  });

  it('the cost given in the deal form: the request leaves the comment, the explanation stays', async () => {
    const tender = (await sales(u, id)).find((d) => d.isin_security === TND)!;
    // what the deal form sends back: its own fields, the stored comment untouched, the cost typed
    const form = [
      ...['operation_type_id', 'name_security', 'isin_security', 'country_code_registration_id', 'quantity'],
      ...['transaction_date', 'currency_code', 'sale_closing_cost', 'market_id', 'type_of_bidding_method'],
      ...['type_of_security', 'foreign_broker', 'broker_name', 'comment'],
    ];
    const body = Object.fromEntries(form.map((k) => [k, tender[k]]));
    const res = await u.client.put(`/api/declarations/${id}/deals/second_section/${tender.id}`, {
      ...body,
      purchase_opening_cost: '3000',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await sales(u, id)).find((d) => d.isin_security === TND)!;
    expect(saved.status).toBeNull();
    expect(saved.comment).not.toContain(MSG.importNoPurchaseHistory);
    expect(saved.comment).toContain('тендерное предложение');
  });

  it('a maturity waiting for its cost, the cost given in the form: the request leaves, the explanation stays', async () => {
    const list = async () => (await u.client.get(`/api/declarations/${id}/deals/fourth_section`)).json().data as Deal[];
    const bill = (await list()).find((d) => d.isin_security === 'US912797GK78')!;
    expect(bill.status).toBe(1);
    expect(bill.comment).toMatch(/Укажите стоимость приобретения погашенных облигаций/);
    const form = [
      ...['operation_type_id', 'name_security', 'isin_security', 'type_of_security', 'country_code_registration_id'],
      ...['transaction_date', 'currency_code', 'sale_closing_cost', 'foreign_broker', 'broker_name', 'comment'],
    ];
    const res = await u.client.put(`/api/declarations/${id}/deals/fourth_section/${bill.id}`, {
      ...Object.fromEntries(form.map((k) => [k, bill[k]])),
      // bought at 9 780 USD: the remuneration is 10 000 − 9 780 = 220 USD
      purchase_opening_cost: '9780',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await list()).find((d) => d.isin_security === 'US912797GK78')!;
    expect(saved.status).toBeNull();
    expect(saved.comment).not.toMatch(/[Уу]кажите/);
    expect(saved.comment).toContain('погашение облигации');
  });

  it('the register prints the FIFO cost of the imported purchase in USD: 50 of 100 post-split shares = 2 400,00', async () => {
    // documents need a paid declaration; the payment rules have their own tests
    await s.deps.db.query('UPDATE declarations SET status = 3 WHERE id = $1', [id]);
    await u.client.post(`/api/declarations/${id}/update-personal-data`, {
      iin: '900101300126',
      surname: 'Иванов',
      name: 'Иван',
      patronymic: null,
      phone: '+77011234567',
    });
    const pdf = await u.client.get(`/api/declarations/${id}/export-pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = extractPdfText(pdf.rawPayload).join('\n');
    // 4 800 USD for 10 shares, ×10 by the split: 100 shares; 50 sold take 4 800 × 50/100 = 2 400 USD
    expect(text).toMatch(new RegExp(`${NVDA} Продажа 50 USD 6 200,00 [\\d ]+,\\d\\d 2 400,00 `));
    // the tender's own cost as typed
    expect(text).toMatch(new RegExp(`${TND} Продажа 100 USD 3 500,00 [\\d ]+,\\d\\d 3 000,00 `));
    expect(text).not.toContain(MSG.importNoPurchaseHistory);
  });
});

/**
 * Generates an IB Activity Flex XML with N synthetic trades (plus dividends), for benchmarks.
 *   npx tsx packages/importers/scripts/generate-ib-flex.ts 50000 > /tmp/flex.xml
 *   npx tsx packages/importers/scripts/generate-ib-flex.ts 50000 --bench   (parse + map, prints time and memory)
 */
const SYMBOLS = [
  ['AAPL', 'US0378331005', 'APPLE INC'],
  ['MSFT', 'US5949181045', 'MICROSOFT CORP'],
  ['CSPX', 'IE00B5BMR087', 'ISHARES CORE S&amp;P 500'],
  ['SAP', 'DE0007164600', 'SAP SE'],
  ['TSM', 'US8740391003', 'TAIWAN SEMICONDUCTOR-SP ADR'],
] as const;

/** Deterministic: trade i is always the same, so runs are comparable. */
export function generateIbFlex(n: number): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<FlexQueryResponse queryName="bench" type="AF"><FlexStatements count="1">',
    '<FlexStatement accountId="U0000001" fromDate="20240101" toDate="20241231" period="" whenGenerated="20250105;101500">',
    '<Trades>',
  ];
  for (let i = 0; i < n; i++) {
    const [symbol, isin, name] = SYMBOLS[i % SYMBOLS.length]!;
    const sell = i % 3 === 2;
    const qty = (i % 50) + 1;
    const price = 100 + (i % 997) / 100;
    const proceeds = (qty * price).toFixed(2);
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    out.push(
      `<Trade accountId="U0000001" currency="USD" assetCategory="STK" symbol="${symbol}" description="${name}" isin="${isin}" listingExchange="NASDAQ" tradeID="${100000 + i}" tradeDate="2024${month}${day}" dateTime="2024${month}${day};153001" quantity="${sell ? -qty : qty}" tradePrice="${price.toFixed(2)}" proceeds="${sell ? proceeds : `-${proceeds}`}" ibCommission="-1.${String(i % 100).padStart(2, '0')}" ibCommissionCurrency="USD" buySell="${sell ? 'SELL' : 'BUY'}" openCloseIndicator="${sell ? 'C' : 'O'}" transactionType="ExchTrade" levelOfDetail="EXECUTION"/>`,
    );
  }
  out.push('</Trades><CashTransactions>');
  for (let i = 0; i < Math.ceil(n / 100); i++) {
    const [symbol, isin] = SYMBOLS[i % SYMBOLS.length]!;
    const date = `2024${String((i % 12) + 1).padStart(2, '0')}15`;
    out.push(
      `<CashTransaction type="Dividends" currency="USD" symbol="${symbol}" isin="${isin}" dateTime="${date}" amount="${(i % 40) + 1}.20" transactionID="${900000 + 2 * i}" description="${symbol}(${isin}) Cash Dividend"/>`,
      `<CashTransaction type="Withholding Tax" currency="USD" symbol="${symbol}" isin="${isin}" dateTime="${date}" amount="-0.${(i % 9) + 1}0" transactionID="${900001 + 2 * i}" description="${symbol}(${isin}) Cash Dividend - US Tax"/>`,
    );
  }
  out.push('</CashTransactions></FlexStatement></FlexStatements></FlexQueryResponse>', '');
  return out.join('\n');
}

async function bench(n: number) {
  const { parseReport } = await import('../src/index.ts');
  const bytes = new TextEncoder().encode(generateIbFlex(n));
  const rssBefore = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await parseReport(bytes, { maxBytes: 200 * 1024 * 1024 });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // the kernel's high-water mark (a timer cannot sample while the synchronous parse runs)
  const peak = process.resourceUsage().maxRSS * 1024;
  const mb = (x: number) => (x / 1024 / 1024).toFixed(0);
  console.log(
    `trades=${n} file=${mb(bytes.length)} MB deals=${r.deals.length} errors=${r.errors.length} ` +
      `time=${(ms / 1000).toFixed(2)} s cpu=${((cpu.user + cpu.system) / 1e6).toFixed(2)} s rss_before=${mb(rssBefore)} MB rss_peak=${mb(peak)} MB`,
  );
}

const [nArg, flag] = process.argv.slice(2);
const n = Number(nArg ?? 50000);
if (flag === '--bench') await bench(n);
else process.stdout.write(generateIbFlex(n));

/**
 * A broker report in our CSV template with `rows` trades (buys and sells of 200 securities over the
 * year), for the capacity bench and tests. Each file gets its own trade ids, so files add up.
 */
const HEADER =
  'date,type,name,ticker,isin,quantity,price,amount,currency,fee,fee_currency,withholding_tax,country,market,security_type,broker,broker_country,id,note';

/** ISIN check digit (Luhn over the letters turned into numbers). */
function isin(body: string): string {
  const digits = [...body].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const SECURITIES = Array.from({ length: 200 }, (_, i) => ({
  name: `Security ${i}`,
  ticker: `SEC${i}`,
  isin: isin(`US${String(100000000 + i).padStart(9, '0')}`),
}));

export function bigReportCsv(rows: number, opts: { year: number; file?: number } = { year: 2025 }): Buffer {
  const lines = [HEADER];
  const file = opts.file ?? 0;
  for (let i = 0; i < rows; i++) {
    const s = SECURITIES[i % SECURITIES.length]!;
    // every third trade a sale, after the buys of its security in the same month
    const sell = i % 3 === 2;
    const month = String(1 + (Math.floor(i / SECURITIES.length) % 12)).padStart(2, '0');
    const day = String(1 + (i % 27)).padStart(2, '0');
    const qty = sell ? 1 : 2;
    const price = 100 + (i % 50);
    lines.push(
      `${opts.year}-${month}-${day},${sell ? 'SELL' : 'BUY'},${s.name},${s.ticker},${s.isin},${qty},${price},${qty * price},USD,1,,,US,NASDAQ,SHARE,Example Broker Ltd,CYP,T-${file}-${i},`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

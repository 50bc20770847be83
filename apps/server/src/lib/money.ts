import Decimal from 'decimal.js';

/** Money as stored and shown: 2 decimals, half up. */
export const money = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

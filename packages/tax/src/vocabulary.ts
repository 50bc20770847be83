import { operationTypeId as opId } from '@deklarant/contracts';

/**
 * Reference ids the engine understands. Operation type ids follow the order of docs/sections.md
 * (contracts/reference.ts: "ids are their order"). Markets, bidding methods and security types are
 * not enumerated by the product: the ids below are those of apps/server/src/db/reference-data/*.json that
 * the engine's rules refer to (the server lists more, e.g. individual foreign exchanges).
 */
export const OPERATION = {
  SALE: opId('Продажа'),
  EXCHANGE_OUT: opId('Обмен списание'),
  GIFT_OUT: opId('Безвозмездная передача'),
  PURCHASE: opId('Покупка'),
  EXCHANGE_IN: opId('Обмен зачисление'),
  GIFT_IN: opId('Безвозмездное получение'),
  REPAYMENT: opId('Погашение облигации'),
  DERIVATIVE_INCOME: opId('Доходы по производным инструментам'),
  NON_SECURITY_REWARD: opId('Вознаграждение, полученное не по ЦБ'),
  DIVIDEND: opId('Выплата дивиденда'),
  REMUNERATION: opId('Выплата вознаграждения'),
} as const;

export const MARKETS = [
  { market_id: 1, market_name: 'KASE', is_foreign: false, code: 'KASE' },
  { market_id: 2, market_name: 'AIX', is_foreign: false, code: 'AIX' },
  { market_id: 3, market_name: 'Иностранная биржа', is_foreign: true, code: 'FOREIGN' },
  { market_id: 4, market_name: 'Внебиржевой рынок', is_foreign: false, code: 'OTC' },
] as const;
export const MARKET = { KASE: 1, AIX: 2, FOREIGN: 3, OTC: 4 } as const;

export const BIDDING_METHODS = [
  { method_id: 1, method_name: 'Открытые торги' },
  { method_id: 2, method_name: 'Специализированные торги' },
  { method_id: 3, method_name: 'Переговорные сделки' },
] as const;
export const BIDDING = { OPEN: 1, SPECIAL: 2, NEGOTIATED: 3 } as const;

export const SECURITY_TYPES = [
  { security_type: 1, type_name: 'Акции' },
  { security_type: 2, type_name: 'Облигации' },
  { security_type: 3, type_name: 'Государственные ценные бумаги РК' },
  { security_type: 4, type_name: 'Паи паевых инвестиционных фондов' },
  { security_type: 5, type_name: 'Депозитарные расписки' },
  { security_type: 6, type_name: 'Цифровые активы' },
  { security_type: 7, type_name: 'Производные финансовые инструменты' },
] as const;
export const SECURITY = {
  SHARE: 1,
  BOND: 2,
  GOVERNMENT: 3,
  FUND_UNIT: 4,
  DEPOSITARY_RECEIPT: 5,
  DIGITAL_ASSET: 6,
  DERIVATIVE: 7,
} as const;

/** Kazakhstan: alpha-3 as in the countries reference (default KAZ, docs/sections.md). */
export const KAZAKHSTAN = 'KAZ';

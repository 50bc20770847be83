import { describe, expect, it } from 'vitest';
import { validateDeal } from '../src/deal-rules.ts';
import {
  OPERATION_TEXT,
  OPERATIONS_BY_SECTION,
  operationError,
  operationIdsOf,
  TRANSACTION_TYPES,
} from '../src/operations.ts';
import { OPERATION_TYPE_NAMES } from '../src/reference.ts';
import { SECTIONS, type SectionCode } from '../src/sections.ts';

// Operation type ids of get-operation-types (the order of OPERATION_TYPE_NAMES):
// 1 Продажа, 2 Обмен списание, 3 Безвозмездная передача, 4 Покупка, 5 Обмен зачисление,
// 6 Безвозмездное получение, 7 Погашение облигации, 8 Доходы по производным инструментам,
// 9 Вознаграждение, полученное не по ЦБ, 10 Выплата дивиденда, 11 Выплата вознаграждения.
describe('OPERATIONS_BY_SECTION', () => {
  it('gives each section its operation type ids', () => {
    const table = Object.fromEntries(SECTIONS.map((s) => [s.code, operationIdsOf(s.code)]));
    expect(table).toMatchObject({
      '1A': [1, 2, 3],
      '2': [1, 2, 3],
      '1B': [7, 9, 10, 11],
      '1C': [8, 9],
      '3': [10],
      '4': [7, 9, 11],
      purchase: [4, 5, 6],
      history: [4, 5, 6],
      rental: [],
      '5-1': [],
      '250-1': [],
    });
  });

  it('lists the operation type names in id order; sale sections hold disposals only', () => {
    for (const [code, ops] of Object.entries(OPERATIONS_BY_SECTION)) {
      for (const name of ops.names) expect(OPERATION_TYPE_NAMES).toContain(name);
      const ids = operationIdsOf(code as SectionCode);
      expect(ids, code).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(OPERATIONS_BY_SECTION['1A']?.group).toBe('disposal');
    expect(OPERATIONS_BY_SECTION['2']?.group).toBe('disposal');
    expect(operationIdsOf('1A')).not.toContain(4);
  });

  it('transaction types: id is the operation type id, per section key', () => {
    const firstA = TRANSACTION_TYPES.filter((t) => t.section_id === 'first_section_a');
    expect(firstA).toEqual([
      { id: 1, operation_type_id: 1, section_id: 'first_section_a', name: 'Продажа' },
      { id: 2, operation_type_id: 2, section_id: 'first_section_a', name: 'Обмен списание' },
      { id: 3, operation_type_id: 3, section_id: 'first_section_a', name: 'Безвозмездная передача' },
    ]);
    // Продажа is 1 in I.A and in II alike (the former list said 4 and 7).
    const sale = TRANSACTION_TYPES.filter((t) => t.name === 'Продажа');
    expect(sale.map((t) => [t.section_id, t.id])).toEqual([
      ['first_section_a', 1],
      ['second_section', 1],
    ]);
    expect(TRANSACTION_TYPES).toHaveLength(22);
  });
});

describe('operation type in validateDeal', () => {
  const ctx = { form: 3, year: 2024 };
  const sale1A = {
    name_security: 'Kaspi.kz',
    transaction_date: '15.05.2024',
    currency_code: 'KZT',
    quantity: '10',
    type_of_security: 1,
    purchase_opening_cost: '500000',
    sale_closing_cost: '600000',
    market_id: 1,
    type_of_bidding_method: 1,
    operation_type_id: 1,
    isin_security: 'KZ1C00000876',
    broker_bin: '123456789012',
  };

  it('accepts every operation of a sale section, refuses "Покупка" with a message naming the choices', () => {
    for (const id of [1, 2, 3]) expect(validateDeal('1A', { ...sale1A, operation_type_id: id }, ctx)).toEqual({});
    expect(validateDeal('1A', { ...sale1A, operation_type_id: 4 }, ctx)).toEqual({
      operation_type_id: [
        'Операция «Покупка» не относится к продажам: выберите «Продажа», «Обмен списание» или «Безвозмездная передача»',
      ],
    });
    expect(validateDeal('2', { ...sale1A, operation_type_id: '9' }, ctx).operation_type_id).toEqual([
      'Операция «Вознаграждение, полученное не по ЦБ» не относится к продажам: выберите «Продажа», «Обмен списание» или «Безвозмездная передача»',
    ]);
  });

  it('purchases and income sections name their own choices; an unknown id is refused too', () => {
    expect(operationError('purchase', 1)).toBe(
      'Операция «Продажа» не относится к приобретениям: выберите «Покупка», «Обмен зачисление» или «Безвозмездное получение»',
    );
    expect(operationError('3', 11)).toBe(
      'Операция «Выплата вознаграждения» не относится к доходам этого раздела: выберите «Выплата дивиденда»',
    );
    expect(operationError('1A', 12)).toBe(
      'Такого типа операции нет: выберите «Продажа», «Обмен списание» или «Безвозмездная передача»',
    );
    expect(operationError('1B', 10)).toBeNull();
    expect(operationError('4', 9)).toBeNull();
  });

  it('a section without operation types refuses one; a blank operation is only a required-field matter', () => {
    expect(operationError('rental', 1)).toBe(OPERATION_TEXT.notInSection);
    expect(validateDeal('1C', { operation_type_id: null }, ctx).operation_type_id).toBeUndefined();
    expect(validateDeal('1A', { ...sale1A, operation_type_id: '' }, ctx).operation_type_id).toEqual([
      'Выберите значение',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { holderMismatch } from '../src/modules/imports/holder-match.ts';

describe('the statement holder against the owner surname', () => {
  it('accepts the usual Latin spellings of a Cyrillic surname', () => {
    expect(holderMismatch('SERGEYEV IVAN', 'Сергеев')).toBeNull();
    expect(holderMismatch('Zhumabayev Nurlan', 'Жумабаев')).toBeNull();
    expect(holderMismatch('HASANOV R.', 'Хасанов')).toBeNull();
    expect(holderMismatch('Тестов Тест', 'Тестов')).toBeNull();
  });
  it('refuses another person, and says nothing when a name is missing', () => {
    expect(holderMismatch('PETROVA ANNA', 'Сергеев')).toMatch(/другого владельца/);
    expect(holderMismatch(undefined, 'Сергеев')).toBeNull();
    expect(holderMismatch('PETROVA ANNA', '')).toBeNull();
  });
});

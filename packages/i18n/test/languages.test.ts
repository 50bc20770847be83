import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../src/languages.ts';
import { createTranslator } from '../src/translator.ts';

describe('pickLanguage (Accept-Language)', () => {
  it('takes the highest q-value we offer and Russian when nothing matches', () => {
    expect(pickLanguage('kk-KZ,kk;q=0.9,ru;q=0.8')).toBe('kk');
    expect(pickLanguage('de-DE,en;q=0.5,ru;q=0.7')).toBe('ru');
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('kz')).toBe('kk');
    expect(pickLanguage('fr, de;q=0.5')).toBe('ru');
    expect(pickLanguage('en;q=0, kk;q=0.1')).toBe('kk');
    expect(pickLanguage(undefined)).toBe('ru');
  });
});

describe('a Russian text as the message id', () => {
  const tr = createTranslator({
    ru: {
      errors: {
        plain: 'Введите данные',
        limit: 'Не более {{n, number}} сделок',
        files_one: 'Не более {{count}} файла',
        files_few: 'Не более {{count}} файлов',
        files_many: 'Не более {{count}} файлов',
        files_other: 'Не более {{count}} файла',
      },
    },
    kk: {
      errors: {
        plain: 'Деректерді енгізіңіз',
        limit: '{{n, number}} мәміледен аспауы керек',
        files_one: '{{count}} файлдан аспауы керек',
        files_other: '{{count}} файлдан аспауы керек',
      },
    },
    en: {
      errors: {
        plain: 'Enter the data',
        limit: 'No more than {{n, number}} deals',
        files_one: 'No more than {{count}} file',
        files_other: 'No more than {{count}} files',
      },
    },
  });

  it('translates exact texts and patterns, with numbers and plurals of the target language', () => {
    expect(tr.localize('kk', 'Введите данные')).toBe('Деректерді енгізіңіз');
    expect(tr.localize('en', 'Не более 50\u00a0000 сделок')).toBe('No more than 50,000 deals');
    expect(tr.localize('en', 'Не более 1 файла')).toBe('No more than 1 file');
    expect(tr.localize('en', 'Не более 3 файлов')).toBe('No more than 3 files');
    expect(tr.localize('ru', 'Введите данные')).toBe('Введите данные');
  });

  it('passes through a text the catalogue does not have', () => {
    expect(tr.localize('en', 'Что-то другое')).toBe('Что-то другое');
  });
});

describe('a Russian text made of texts', () => {
  const tr = createTranslator({
    ru: {
      importers: {
        prefix: 'Файл {{n}}: {{message}}',
        damaged: 'Файл поврежден: {{reason}}. Выгрузите отчет заново.',
        line: 'строка {{line}}: {{reason}}',
        repeated: 'атрибут «{{attribute}}» повторяется',
        fee: 'Комиссия {{amount}} {{currency}}.',
      },
    },
    kk: {
      importers: {
        prefix: '{{n}}-файл: {{message}}',
        damaged: 'Файл бүлінген: {{reason}}. Есепті қайта жүктеп алыңыз.',
        line: '{{line}}-жол: {{reason}}',
        repeated: '«{{attribute}}» атрибуты қайталанады',
        fee: 'Комиссия {{amount}} {{currency}}.',
      },
    },
    en: {
      importers: {
        prefix: 'File {{n}}: {{message}}',
        damaged: 'The file is damaged: {{reason}}. Download the statement again.',
        line: 'line {{line}}: {{reason}}',
        repeated: 'attribute “{{attribute}}” is repeated',
        fee: 'Commission {{amount}} {{currency}}.',
      },
    },
  });

  it('gives the values that are catalogue texts in the language too, however deep', () => {
    expect(
      tr.localize('en', 'Файл 2: Файл поврежден: строка 3: атрибут «id» повторяется. Выгрузите отчет заново.'),
    ).toBe('File 2: The file is damaged: line 3: attribute “id” is repeated. Download the statement again.');
    expect(tr.localize('kk', 'Файл 1: Файл поврежден: нечто. Выгрузите отчет заново.')).toBe(
      '1-файл: Файл бүлінген: нечто. Есепті қайта жүктеп алыңыз.',
    );
  });

  it('keeps amounts exactly as written', () => {
    expect(tr.localize('en', 'Комиссия 0.00000012 BNB.')).toBe('Commission 0.00000012 BNB.');
    expect(tr.localize('en', 'Комиссия 12.50 USD.')).toBe('Commission 12.50 USD.');
    expect(tr.localize('en', 'Комиссия 123456789012345678901.5 KZT.')).toBe('Commission 123456789012345678901.5 KZT.');
    expect(tr.localize('en', 'Комиссия 1.5 USD.')).toBe('Commission 1.5 USD.');
  });
});

import { type CommonData, MSG } from '@deklarant/contracts';
import en from '@deklarant/i18n/locales/en/declarations.json';
import kk from '@deklarant/i18n/locales/kk/declarations.json';
import common from '@deklarant/i18n/locales/ru/common.json';
import declarations from '@deklarant/i18n/locales/ru/declarations.json';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../shared/i18n/i18n.ts';
import {
  cardMenu,
  dataEntryStep,
  fileProblem,
  form250Groups,
  formatKzt,
  sameRegular,
  statusLabel,
  stepDone,
  tilesFor,
  uploadState,
  wizardPosition,
  wizardSteps,
} from './rules.ts';

// the catalogues the rules speak from, Russian active (as in the app by default)
beforeAll(() =>
  i18next.init({
    lng: 'ru',
    resources: { ru: { common, declarations }, kk: { declarations: kk }, en: { declarations: en } },
    interpolation: { escapeValue: false },
  }),
);

const base: CommonData = {
  id: 7,
  status: 1,
  tariff_type: 1,
  reporting_form_id: 3,
  type: 1,
  year: 2025,
  created_at: '15.03.2026 14:00',
  kgd_code_id: 1,
  declaration_expired_date: '25.03.2026 14:00',
  broker: null,
  referral_code: null,
  tax_office_sending: false,
  archived: false,
  read_only: false,
};
const user = { fullAccess: false, halyk: false };
const keys = (d: Partial<CommonData>, ctx = user) => cardMenu({ ...base, ...d }, ctx).map((a) => a.key);
const linkOf = (d: Partial<CommonData>, key: string) => {
  const a = cardMenu({ ...base, ...d }, { fullAccess: true, halyk: false }).find((x) => x.key === key);
  return a?.kind === 'link' ? a.to : undefined;
};

describe('card menu per status (docs/statuses.md)', () => {
  it.each([
    [1, 1, ['edit', 'remove']],
    [2, 1, ['pay', 'remove']],
    [2, 2, ['manager']],
    [3, 1, ['edit']],
    [4, 1, ['additional']],
    [5, 1, ['enter']],
    [6, 1, ['sign']],
    [9, 1, ['download', 'pdf']],
  ])('status %i, tariff %i: %j', (status, tariff_type, expected) => {
    expect(keys({ status, tariff_type })).toEqual(expected);
  });

  it('ready: no PDF preview for halykfinance; Excel preview and edit with full_access', () => {
    expect(keys({ status: 9 }, { fullAccess: false, halyk: true })).toEqual(['download']);
    expect(keys({ status: 9 }, { fullAccess: true, halyk: false })).toEqual(['download', 'pdf', 'excel', 'edit']);
  });

  it('leads to the right routes', () => {
    expect(linkOf({ status: 1 }, 'edit')).toBe('/app/declaration?step=4');
    expect(linkOf({ status: 1, reporting_form_id: 2 }, 'edit')).toBe('/app/declaration?step=5');
    expect(linkOf({ status: 2 }, 'pay')).toBe('/app/payment');
    expect(linkOf({ status: 5 }, 'enter')).toBe('/app/declaration?step=7');
    expect(linkOf({ status: 6 }, 'sign')).toBe('/app/declaration?step=8');
  });

  it('an archived form keeps only reading actions', () => {
    expect(keys({ status: 1, read_only: true })).toEqual([]);
    expect(keys({ status: 9, read_only: true })).toEqual(['download', 'pdf']);
  });
});

describe('status label', () => {
  const names = new Map([[2, 'Ожидает оплаты']]);
  it('reads the consultant label for tariff 2 at status 2', () => {
    expect(statusLabel({ status: 2, tariff_type: 2 }, names)).toBe('Ожидает заполнения менеджером');
    expect(statusLabel({ status: 2, tariff_type: 1 }, names)).toBe('Ожидает оплаты');
  });
});

describe('tiles', () => {
  it('income tiles: purchase transactions for 270.00 only', () => {
    expect(tilesFor('income', 3, 2025).map((s) => s.tile)).toEqual([
      'I.A',
      'I.B',
      'I.C',
      'II',
      'III',
      'IV',
      'V-VII',
      'Сделки покупки',
    ]);
    expect(tilesFor('income', 1, 2024).map((s) => s.tile)).not.toContain('Сделки покупки');
  });
  it('assets tiles: VI from 2023, VII for 270.00 only', () => {
    expect(tilesFor('assets', 3, 2023).map((s) => s.tile)).toEqual(['V', 'VI', 'VII']);
    expect(tilesFor('assets', 3, 2022).map((s) => s.tile)).toEqual(['V', 'VII']);
    expect(tilesFor('assets', 1, 2024).map((s) => s.tile)).toEqual(['V', 'VI']);
  });
  it('form 250.00: groups I-III with sections 1-9', () => {
    expect(form250Groups().map((g) => g.sections.map((s) => s.tile))).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6', '7'],
      ['8', '9'],
    ]);
    expect(dataEntryStep(2)).toBe(5);
    expect(dataEntryStep(3)).toBe(4);
  });
});

describe('broker and files', () => {
  it('needs every slot for a broker; files without a broker ask for confirmation', () => {
    expect(uploadState(true, [{}, {}], 0)).toBe('complete');
    expect(uploadState(true, [{}, null], 0)).toBe('incomplete');
    expect(uploadState(true, [], 0)).toBe('incomplete');
    expect(uploadState(false, [], 2)).toBe('no-broker');
    expect(uploadState(false, [], 0)).toBe('none');
  });
  it('checks format and size with the Russian messages', () => {
    expect(fileProblem({ name: 'r.XLSX', size: 10 }, ['xlsx'])).toBeNull();
    expect(fileProblem({ name: 'r.pdf', size: 10 }, ['xlsx', 'csv'])).toBe(MSG.wrongFormat('xlsx, csv'));
    expect(fileProblem({ name: 'r.csv', size: 6 * 1024 * 1024 }, ['csv'])).toBe(MSG.fileTooLarge(5));
  });
});

describe('formatKzt', () => {
  it('groups digits and keeps up to 4 decimals exactly', () => {
    expect(formatKzt('562725')).toBe('562\u00a0725\u00a0₸');
    expect(formatKzt('1234567.1200')).toBe('1\u00a0234\u00a0567,12\u00a0₸');
    expect(formatKzt('0')).toBe('0\u00a0₸');
  });
  it('follows the language: Kazakh as Russian, English with commas and the sign first', () => {
    expect(formatKzt('1234567.1200', 'kk-KZ')).toBe('1\u00a0234\u00a0567,12\u00a0₸');
    expect(formatKzt('-1234567.12345', 'en')).toBe('−₸1,234,567.1234');
  });
});

describe('a second regular declaration for the same form and year', () => {
  const types = [
    { id: 1, type_name: 'Очередная' },
    { id: 2, type_name: 'Дополнительная' },
  ];
  const existing = [
    { id: 7, reporting_form_id: 3, year: 2025, type: 1 },
    { id: 8, reporting_form_id: 2, year: 2024, type: 2 },
  ];
  it('finds the existing regular one of that form and year', () => {
    expect(sameRegular(existing, { reporting_form_id: 3, year: 2025, type: 1 }, types)?.id).toBe(7);
  });
  it('finds the regular type by the default flag when the list comes in another language', () => {
    const kkTypes = [
      { id: 1, type_name: 'Кезекті', is_default: true },
      { id: 2, type_name: 'Қосымша', is_default: false },
    ];
    expect(sameRegular(existing, { reporting_form_id: 3, year: 2025, type: 1 }, kkTypes)?.id).toBe(7);
  });
  it('says nothing for another year, another form, or a corrective type', () => {
    expect(sameRegular(existing, { reporting_form_id: 3, year: 2024, type: 1 }, types)).toBeNull();
    expect(sameRegular(existing, { reporting_form_id: 2, year: 2025, type: 1 }, types)).toBeNull();
    expect(sameRegular(existing, { reporting_form_id: 3, year: 2025, type: 2 }, types)).toBeNull();
    // only a regular one counts as the first: a corrective 250.00 for 2024 does not
    expect(sameRegular(existing, { reporting_form_id: 2, year: 2024, type: 1 }, types)).toBeNull();
  });
});

describe('the progress stepper (issue 18, item 7)', () => {
  const labels = (steps: { label: string }[]) => steps.map((s) => s.label);
  it('a 270.00 of a person: forms, new form, incomes, property, calculation, personal data, documents', () => {
    const steps = wizardSteps(3, { b2b: false, halyk: false });
    expect(steps.map((s) => s.step)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(wizardPosition(steps, 6)).toMatchObject({ place: 5, total: 7, next: { step: 7, label: 'Личные данные' } });
    expect(wizardPosition(steps, 8).next).toBeUndefined();
  });
  it('250.00 has no income step and no calculation; a partner client starts with registration', () => {
    expect(wizardSteps(2, { b2b: false, halyk: false }).map((s) => s.step)).toEqual([2, 3, 5, 7, 8]);
    expect(wizardSteps(3, { b2b: true, halyk: false })[0]).toEqual({ step: 1, label: 'Регистрация' });
  });
  it('a step behind the current one is done only when the status says so', () => {
    expect(stepDone(4, 1)).toBe(true);
    expect(stepDone(6, 1)).toBe(false); // a fresh form opened at step 7: the calculation is still to do
    expect(stepDone(6, 5)).toBe(true);
    expect(stepDone(6, 4)).toBe(false); // additional payment due
    expect(stepDone(7, 5)).toBe(false);
    expect(stepDone(7, 6)).toBe(true);
    expect(stepDone(7, 9)).toBe(true);
  });
  it('speaks the chosen language', async () => {
    await i18next.changeLanguage('kk');
    expect(wizardSteps(3, { b2b: false, halyk: false })[4]?.label).toBe('ЖТС есебі');
    await i18next.changeLanguage('en');
    expect(wizardSteps(3, { b2b: false, halyk: false })[4]?.label).toBe('PIT calculation');
    await i18next.changeLanguage('ru');
    expect(wizardSteps(3, { b2b: false, halyk: false })[4]?.label).toBe('Расчет ИПН');
  });
  it('the halykfinance variant skips personal data', () => {
    expect(labels(wizardSteps(3, { b2b: true, halyk: true }))).not.toContain('Личные данные');
  });
});

import {
  type CommonData,
  DECLARATION_STATUS,
  FORM,
  FORM_240_NOTICE_FROM_YEAR,
  FORM_250_GROUPS,
  formAllowedForYear,
  MSG,
  SECTIONS,
  type SectionDef,
  sectionApplies,
  TARIFF,
  typeAllowedForForm,
} from '@deklarant/contracts';
import { i18next, tOr } from '../../shared/i18n/i18n.ts';
import { formatDecimal } from '../../shared/i18n/numbers.ts';

/** The wizard steps of docs/statuses.md (/app/declaration?step=N). */
export const STEP = {
  B2B: 1,
  SAVED: 2,
  NEW: 3,
  INCOME: 4,
  ASSETS: 5,
  CALCULATION: 6,
  PERSONAL: 7,
  PREVIEW: 8,
} as const;

export const stepUrl = (step: number, extra = '') => `/app/declaration?step=${step}${extra}`;

/** Data entry is step 5 for form 250.00 and step 4 for the others. */
export const dataEntryStep = (formId: number) => (formId === FORM.F250 ? STEP.ASSETS : STEP.INCOME);

/**
 * The card's status label (names from the reference list, which the server gives in the reader's language);
 * tariff 2 waiting at status 2 reads 'Ожидает заполнения менеджером'.
 */
export function statusLabel(d: Pick<CommonData, 'status' | 'tariff_type'>, names: Map<number, string>): string {
  if (d.status === DECLARATION_STATUS.AWAITING_PAYMENT && d.tariff_type === TARIFF.CONSULTANT) {
    return i18next.t('declarations:status.consultant');
  }
  return names.get(d.status) ?? i18next.t('declarations:status.other', { status: d.status });
}

export type MenuAction =
  | { kind: 'link'; key: string; label: string; to: string }
  | { kind: 'remove'; key: string; label: string }
  | { kind: 'additional-payment'; key: string; label: string }
  | { kind: 'notice'; key: string; label: string };

/** The per-status card menu of docs/statuses.md. Archived (read-only) forms keep only what reads. */
export function cardMenu(d: CommonData, ctx: { fullAccess: boolean; halyk: boolean }): MenuAction[] {
  const t = i18next.t;
  const edit: MenuAction = {
    kind: 'link',
    key: 'edit',
    label: t('declarations:menu.edit'),
    to: stepUrl(dataEntryStep(d.reporting_form_id)),
  };
  const remove: MenuAction = { kind: 'remove', key: 'remove', label: t('common:actions.delete') };
  const items: MenuAction[] = (() => {
    switch (d.status) {
      case DECLARATION_STATUS.DRAFT:
        return [edit, remove];
      case DECLARATION_STATUS.AWAITING_PAYMENT:
        return d.tariff_type === TARIFF.CONSULTANT
          ? [{ kind: 'notice', key: 'manager', label: t('declarations:status.consultant') }]
          : [{ kind: 'link', key: 'pay', label: t('declarations:pay'), to: '/app/payment' }, remove];
      case DECLARATION_STATUS.PAID:
        return [edit];
      case DECLARATION_STATUS.ADDITIONAL_PAYMENT:
        return [{ kind: 'additional-payment', key: 'additional', label: t('declarations:menu.additional') }];
      case DECLARATION_STATUS.ENTER_DATA:
        return [{ kind: 'link', key: 'enter', label: t('declarations:menu.enter'), to: stepUrl(STEP.PERSONAL) }];
      case DECLARATION_STATUS.SIGN:
        return [{ kind: 'link', key: 'sign', label: t('declarations:menu.sign'), to: stepUrl(STEP.PREVIEW) }];
      case DECLARATION_STATUS.READY:
        return [
          {
            kind: 'link',
            key: 'download',
            label: t('common:actions.download'),
            to: stepUrl(STEP.PREVIEW, '&action=download'),
          },
          ...(ctx.halyk
            ? []
            : [
                {
                  kind: 'link',
                  key: 'pdf',
                  label: t('declarations:menu.pdf'),
                  to: stepUrl(STEP.PREVIEW, '&preview=pdf'),
                } as const,
              ]),
          ...(ctx.fullAccess
            ? [
                {
                  kind: 'link',
                  key: 'excel',
                  label: t('declarations:menu.excel'),
                  to: stepUrl(STEP.PREVIEW, '&preview=excel'),
                } as const,
                edit,
              ]
            : []),
        ];
      default:
        return [];
    }
  })();
  // An archived form cannot be modified: only reading actions stay.
  return d.read_only ? items.filter((i) => i.kind === 'link' && ['download', 'pdf', 'excel'].includes(i.key)) : items;
}

/** Income tiles (step 4) or assets tiles (step 5) that apply to the form and year. */
export function tilesFor(step: 'income' | 'assets', formId: number, year: number): SectionDef[] {
  return SECTIONS.filter((s) => s.step === step && s.code !== 'history' && sectionApplies(s, formId, year));
}

/** Form 250.00 groups I-III with their sections 1-9 (titles from the section dictionary's catalogue). */
export function form250Groups(): { id: string; title: string; sections: SectionDef[] }[] {
  return FORM_250_GROUPS.map((g) => ({
    id: g.id,
    title: tOr(`fields:group250.${g.id}`, g.title),
    sections: g.sections.map((code) => SECTIONS.find((s) => s.code === code)).filter((s): s is SectionDef => !!s),
  }));
}

/** New form: which forms and types may be chosen, and whether the 240.00 notice shows. */
export const formOptionDisabled = (formId: number, year: number | null) =>
  year !== null && !formAllowedForYear(formId, year);
export const typeOptions = <T extends { id: number }>(types: T[], formId: number | null) =>
  formId === null ? types : types.filter((t) => typeAllowedForForm(t.id, formId));
export const show240Notice = (year: number | null) => year !== null && year >= FORM_240_NOTICE_FROM_YEAR;

/** Allowed upload types without a broker (docs/formats.md) and the default size limit. */
export const DEFAULT_EXTENSIONS = ['xlsx', 'xls', 'csv', 'xml'];
export const MAX_FILE_MB = 5;

/** A file's problem against the allowed extensions and size, or null. */
export function fileProblem(file: { name: string; size: number }, extensions: string[]): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!extensions.map((e) => e.toLowerCase()).includes(ext)) return MSG.wrongFormat(extensions.join(', '));
  if (file.size > MAX_FILE_MB * 1024 * 1024) return MSG.fileTooLarge(MAX_FILE_MB);
  return null;
}

/**
 * Broker and files: complete when a broker is chosen and every required file (in order) is there.
 * A broker with missing files, or files without a broker, asks to continue without upload.
 */
export function uploadState(brokerChosen: boolean, slots: (unknown | null)[], looseFiles: number) {
  const filled = slots.filter(Boolean).length;
  if (brokerChosen) return filled === slots.length && slots.length > 0 ? 'complete' : 'incomplete';
  return looseFiles > 0 ? 'no-broker' : 'none';
}

/** A KZT amount (decimal string) grouped as the active language does, up to 4 decimals, never through floats. */
export const formatKzt = (amount: string, locale?: string): string =>
  formatDecimal(amount, { locale, maxFraction: 4, trimZeros: true, minus: '−', tenge: true });

/** The declaration type named 'Очередная' (found by name, not by a fixed id). */
// i18n-ignore: the reference list's own name, matched as data and never shown
export const REGULAR_TYPE_NAME = 'Очередная';

/**
 * An existing 'Очередная' declaration for the same form and year as the one about to be created, or
 * null: a second regular return for one period is almost always a mistake (a correction is
 * 'Дополнительная'), so the new form asks first.
 */
export function sameRegular<T extends Pick<CommonData, 'reporting_form_id' | 'year' | 'type'>>(
  existing: readonly T[],
  next: { reporting_form_id: number; year: number; type: number },
  types: readonly { id: number; type_name: string; is_default?: boolean }[],
): T | null {
  // by its Russian name; the default type (the regular one) when the list comes in another language
  const regular = types.find((t) => t.type_name.trim() === REGULAR_TYPE_NAME) ?? types.find((t) => t.is_default);
  if (!regular || next.type !== regular.id) return null;
  return (
    existing.find(
      (d) => d.type === regular.id && d.reporting_form_id === next.reporting_form_id && d.year === next.year,
    ) ?? null
  );
}

export interface WizardStep {
  step: number;
  label: string;
}

/**
 * The steps of the wizard a person goes through (issue 18, item 7): registration only for a partner's
 * client, data entry 4 and the calculation 6 only for the income forms (250.00 has its data at step 5 and
 * no tax), personal data not for the halykfinance variant, which skips it.
 */
export function wizardSteps(formId: number, ctx: { b2b: boolean; halyk: boolean }): WizardStep[] {
  const f250 = formId === FORM.F250;
  const t = i18next.t;
  const all: (WizardStep | false)[] = [
    ctx.b2b && { step: STEP.B2B, label: t('declarations:steps.b2b') },
    { step: STEP.SAVED, label: t('declarations:steps.saved') },
    { step: STEP.NEW, label: t('declarations:steps.new') },
    !f250 && { step: STEP.INCOME, label: t('declarations:steps.income') },
    { step: STEP.ASSETS, label: f250 ? t('declarations:steps.assets250') : t('declarations:steps.assets') },
    !f250 && { step: STEP.CALCULATION, label: t('declarations:steps.calculation') },
    !ctx.halyk && { step: STEP.PERSONAL, label: t('declarations:steps.personal') },
    { step: STEP.PREVIEW, label: t('declarations:steps.preview') },
  ];
  return all.filter((s): s is WizardStep => s !== false);
}

/** Where the person is among the steps: its place (1-based), the total and the next step, if any. */
export function wizardPosition(steps: readonly WizardStep[], current: number) {
  const index = steps.findIndex((s) => s.step === current);
  return { index, place: index + 1, total: steps.length, next: index >= 0 ? steps[index + 1] : undefined };
}

/**
 * Whether a step before the current one is really behind the person, from the declaration's status: data
 * entry (3-5) always is, the calculation (6) once editing is finished (status 5 and on), personal data (7)
 * once saved (status 6 and on). Opening step 7 of a fresh form leaves 6 marked as still to do.
 */
export function stepDone(step: number, status: number | undefined): boolean {
  if (step <= STEP.ASSETS) return true;
  if (status === undefined) return false;
  if (step === STEP.CALCULATION)
    return status >= DECLARATION_STATUS.ENTER_DATA && status !== DECLARATION_STATUS.ADDITIONAL_PAYMENT;
  if (step === STEP.PERSONAL) return status >= DECLARATION_STATUS.SIGN;
  return false;
}

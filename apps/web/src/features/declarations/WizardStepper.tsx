import { FORM } from '@deklarant/contracts';
import { Box, Group, Progress, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLayout } from '../../shared/layout/useBreakpoint.ts';
import { session } from '../../shared/session/storage.ts';
import { useDeclaration } from './api.ts';
import { STEP, stepDone, stepUrl, type WizardStep, wizardPosition, wizardSteps } from './rules.ts';

const currentId = () => {
  const raw = session.currentDeclarationId();
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
};

/**
 * The progress through the wizard (issue 18, item 7): every step with the one the person is on and what
 * is left. Wide screens show all steps in a row; a phone shows 'Шаг 4 из 7', the step's name, what comes
 * next and a progress bar. Done steps of the current declaration can be reopened.
 */
export function WizardStepper({ step }: { step: number }) {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const id = step === STEP.NEW ? null : currentId();
  const declaration = useDeclaration(id);
  const formId = declaration.data?.common_data.reporting_form_id ?? FORM.F270;
  const status = declaration.data?.common_data.status;
  const steps = wizardSteps(formId, { b2b: session.isB2B(), halyk: session.isHalyk() });
  const pos = wizardPosition(steps, step);
  const { mobile, breakpoint } = useLayout();
  const navigate = useNavigate();
  if (pos.index < 0) return null;
  // a done step can be reopened, except 'Новая форма' (it would start another declaration)
  const open = (s: WizardStep, i: number) =>
    i < pos.index && s.step !== STEP.NEW && s.step !== STEP.B2B ? () => navigate(stepUrl(s.step)) : undefined;
  const current = steps[pos.index]!;

  if (mobile || breakpoint === 'tablet') {
    return (
      <Box component="nav" aria-label={t('stepper.label')} data-testid="wizard-stepper" data-compact="true" mb="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={700} aria-current="step" data-testid="wizard-current">
            {t('stepper.current', { place: pos.place, total: pos.total, label: current.label })}
          </Text>
          {pos.next && (
            <Text size="xs" c="dimmed" ta="right" data-testid="wizard-next">
              {t('stepper.next', { label: pos.next.label })}
            </Text>
          )}
        </Group>
        <Progress
          value={(pos.place / pos.total) * 100}
          size="sm"
          mt={6}
          aria-label={t('stepper.progress', { done: pos.place - 1, total: pos.total })}
        />
      </Box>
    );
  }

  return (
    <Box component="nav" aria-label={t('stepper.label')} data-testid="wizard-stepper" mb="lg">
      <Box
        component="ol"
        style={{ display: 'flex', gap: 8, listStyle: 'none', margin: 0, padding: 0, alignItems: 'flex-start' }}
      >
        {steps.map((s, i) => {
          const state = i === pos.index ? 'current' : i < pos.index && stepDone(s.step, status) ? 'done' : 'todo';
          const onClick = open(s, i);
          const body = (
            <Group gap={6} wrap="nowrap" align="center">
              <Box
                aria-hidden
                w={26}
                h={26}
                fz={12}
                fw={700}
                style={{
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  flexShrink: 0,
                  background: state === 'todo' ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-brand-6)',
                  color: state === 'todo' ? 'var(--mantine-color-gray-7)' : 'white',
                  outline: state === 'current' ? '3px solid var(--mantine-color-brand-2)' : undefined,
                }}
              >
                {state === 'done' ? '✓' : i + 1}
              </Box>
              <Text size="sm" fw={state === 'current' ? 700 : 500} c={state === 'todo' ? 'dimmed' : undefined}>
                {s.label}
                {state === 'done' && <VisuallyHidden> {t('stepper.done')}</VisuallyHidden>}
              </Text>
            </Group>
          );
          return (
            <Box
              component="li"
              key={s.step}
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
              data-step={s.step}
              style={{
                flex: '1 1 0',
                minWidth: 0,
                borderTop: `3px solid ${state === 'todo' ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-brand-6)'}`,
                paddingTop: 8,
              }}
            >
              {onClick ? (
                <UnstyledButton onClick={onClick} title={t('stepper.reopen')}>
                  {body}
                </UnstyledButton>
              ) : (
                body
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

import { Alert, Button, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { useDeclaration } from './api.ts';
import { STEP, stepUrl } from './rules.ts';
import { SavedForms } from './SavedForms.tsx';
import { WizardStepper } from './WizardStepper.tsx';

// Saved forms (step 2) are where a signed-in user lands: they come with the page. Every other step is fetched
// when it is opened, so the landing screen does not carry the calculation, the documents and the forms.
const B2BInitialStep = lazy(() => import('../partners/index.ts').then((m) => ({ default: m.B2BInitialStep })));
const B2BStep = lazy(() => import('../partners/index.ts').then((m) => ({ default: m.B2BStep })));
const PersonalDataGate = lazy(() => import('../partners/index.ts').then((m) => ({ default: m.PersonalDataGate })));
const CalculationStep = lazy(() => import('../calculation/index.ts').then((m) => ({ default: m.CalculationStep })));
const PersonalDataStep = lazy(() => import('../calculation/index.ts').then((m) => ({ default: m.PersonalDataStep })));
const PreviewStep = lazy(() => import('../documents/index.ts').then((m) => ({ default: m.PreviewStep })));
const NewForm = lazy(() => import('./NewForm.tsx').then((m) => ({ default: m.NewForm })));
const DataEntryStep = lazy(() => import('./DataEntryStep.tsx').then((m) => ({ default: m.DataEntryStep })));

/** /app/declaration?step=N: the declaration wizard (docs/statuses.md). */
export default function DeclarationPage() {
  const [params] = useSearchParams();
  // a letter's link (the manager's signing letter) names the declaration to open
  const linked = params.get('declaration_id');
  if (linked && /^\d{1,9}$/.test(linked) && session.currentDeclarationId() !== linked)
    session.setCurrentDeclaration(linked);
  // B2B without a step: the initial-step rule of docs/accounts.md (1 registration, 2 saved, 3 new form).
  if (!params.get('step') && session.isB2B())
    return (
      <Suspense fallback={<Loading />}>
        <B2BInitialStep />
      </Suspense>
    );
  const step = Number(params.get('step')) || STEP.SAVED;
  const screen = <Suspense fallback={<Loading />}>{stepScreen(step)}</Suspense>;
  // the progress through the wizard above the screens of one declaration (issue 18, item 7)
  if (step < STEP.NEW || step > STEP.PREVIEW) return screen;
  return (
    <>
      <WizardStepper step={step} />
      {screen}
    </>
  );
}

/** The screen of a wizard step. */
function stepScreen(step: number) {
  switch (step) {
    case STEP.B2B:
      return <B2BStep />;
    case STEP.SAVED:
      return <SavedForms />;
    case STEP.NEW:
      return <NewForm />;
    case STEP.INCOME:
    case STEP.ASSETS:
      return <CurrentDeclarationStep step={step} />;
    case STEP.CALCULATION:
      return <CalculationStep />;
    case STEP.PERSONAL:
      return (
        <PersonalDataGate next={stepUrl(STEP.PREVIEW)}>
          <PersonalDataStep />
        </PersonalDataGate>
      );
    case STEP.PREVIEW:
      return <PreviewStep />;
    default:
      return <Navigate to={stepUrl(STEP.SAVED)} replace />;
  }
}

/** Steps 4 and 5 work on the current declaration (currentDeclarationId); without one, back to saved forms. */
function CurrentDeclarationStep({ step }: { step: 4 | 5 }) {
  const { t } = useTranslation(['declarations', 'common', 'errors']);
  const raw = session.currentDeclarationId();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const q = useDeclaration(id);
  if (id === null) return <Navigate to={stepUrl(STEP.SAVED)} replace />;
  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <Alert color="red" title={t('openFailed')}>
        <Stack gap="xs" align="flex-start">
          {q.error.message}
          <Button component={Link} to={stepUrl(STEP.SAVED)} size="xs" variant="light">
            {t('toSaved')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <DataEntryStep step={step} declaration={q.data} />;
}

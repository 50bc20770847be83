/** What other features may use of the calculation: steps 6-7 and the step flow helpers. */
export { CalculationStep, currentDeclarationId } from './CalculationStep.tsx';
export { isEmailedAnswer, STEPS, stepPath } from './flow.ts';
export { PersonalDataStep } from './PersonalDataStep.tsx';

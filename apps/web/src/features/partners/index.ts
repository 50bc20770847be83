/** Partners (issue 9): the public surface other features and the app shell use. */
export { loginViaBroker, type Partner, type PartnerState, partnerQuery, usePartnerState } from './api.ts';
export { B2B_SUBSTEP, B2BInitialStep, B2BStep } from './B2BStep.tsx';
export { NoB2B, PersonalDataGate, UploadGate } from './gates.tsx';
export { HalykBackdrop, HalykLogo } from './HalykLogo.tsx';
export { brokerEntry } from './install.ts';
export { PartnerHeader } from './PartnerHeader.tsx';
export { PartnerUploadNotice, useUploadAllowed } from './UploadNotice.tsx';
export { HALYK, halykCssVars, halykVariant, isHalykName } from './variant.ts';

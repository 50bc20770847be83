/** What other features may use of documents: step 8. */
export { PreviewStep } from './PreviewStep.tsx';

/** What other features may use of signing: the tax office's answer on the card and on step 8. */
export { receiptPath, signedFilePath } from './api.ts';
export {
  almatyDateTime,
  SubmissionNote,
  SubmissionPanel,
  submissionBadge,
  useSubmission,
} from './SubmissionStatus.tsx';

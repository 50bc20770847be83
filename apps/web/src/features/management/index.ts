/** Management (issue 9): the /management layout and wizard, and the manager console (/manager). */

export { contactManager } from './api.ts';
export { captureContext, MANAGER_STEPS, managementUrl, safeReturnUrl } from './context.ts';
export { ManagementLayout } from './ManagementLayout.tsx';

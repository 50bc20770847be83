/** What other features may use of declarations: the declaration queries. */
export { declarationKeys, useDeclaration } from './api.ts';

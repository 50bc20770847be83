/** What other features may use of declarations: the declaration queries. */
export { useDeclaration } from './api.ts';

/** What other features may use of declarations: the declaration queries and the section texts. */
export { useDeclaration } from './api.ts';
export { sectionText } from './sectionText.ts';

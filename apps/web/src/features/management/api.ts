import { api } from '../../shared/api/client.ts';

/**
 * The consultant tariff's messenger bot: tells the managers' chat that the user's declaration
 * waits for them (the sandbox records the message). Returns the contact link to open.
 */
export const contactManager = (declarationId: number) =>
  api.post<{ success: boolean; url: string; message_id: number }>('/api/management/contact', {
    declaration_id: declarationId,
  });

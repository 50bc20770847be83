/**
 * Support messenger link. The two real messenger links are not reproduced, so this
 * placeholder is the one place to put the real address.
 */
export const SUPPORT_MESSENGER_URL = 'https://t.me/deklarant_support';

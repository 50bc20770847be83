/** What other features may use of payment: the tariff catalogue and amount formatting. */
export { formatKzt, useTariffCatalog } from './api.ts';

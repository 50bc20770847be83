/**
 * Onboarding query params (docs/accounts.md): `id` is a broker client id, `bank_name` a partner.
 * With `id` the partners issue logs the client in via the broker and goes to /app: it installs its
 * handler here. Without a handler the `id` is ignored and the ordinary onboarding runs.
 */
export type BrokerEntryHandler = (id: string, bankName: string | null) => void | Promise<void>;

let handler: BrokerEntryHandler | undefined;

export function setBrokerEntryHandler(h: BrokerEntryHandler | undefined) {
  handler = h;
}

/** True when a handler took over the entry. */
export function handleBrokerEntry(id: string, bankName: string | null): boolean {
  if (!handler) return false;
  void handler(id, bankName);
  return true;
}

/** An outside service did not answer (network, timeout, 5xx): the user may retry, nothing was changed. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider} unavailable: ${reason}`);
  }
}

/** An outside service answered and refused (bad credentials, rejected document, used code). */
export class ProviderRejected extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider} rejected: ${reason}`);
  }
}

/** fetch with a timeout; network failures and 5xx become ProviderUnavailable. */
export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit & { timeoutMs?: number },
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
  } catch (err) {
    throw new ProviderUnavailable(provider, (err as Error).name === 'TimeoutError' ? 'timeout' : 'network');
  }
  if (res.status >= 500) throw new ProviderUnavailable(provider, `http ${res.status}`);
  return res;
}

/**
 * Gathers the calls made while the event loop handles what is ready (many requests in flight arrive
 * together) and answers them all with one call of `run`, made once that I/O phase is over
 * (`setImmediate`): one database round trip for the whole group instead of one each. `run` gets the
 * keys in call order and returns one answer per key, in the same order; if it fails, every call of the
 * group fails with its error.
 */
export function batched<K, V>(run: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let pending: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const flush = async () => {
    const group = pending;
    pending = [];
    try {
      const answers = await run(group.map((g) => g.key));
      for (const [i, g] of group.entries()) g.resolve(answers[i] as V);
    } catch (err) {
      for (const g of group) g.reject(err);
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ key, resolve, reject });
    });
}

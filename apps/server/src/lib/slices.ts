/**
 * Long work on the main thread in bounded slices: `due()` is true once the current slice has run
 * `budgetMs`, and `pause()` then gives the event loop a turn (other requests' callbacks and I/O run)
 * before the next slice starts.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function slices(budgetMs = 8) {
  let started = performance.now();
  return {
    due: () => performance.now() - started >= budgetMs,
    async pause(): Promise<void> {
      if (performance.now() - started < budgetMs) return;
      await nextTurn();
      started = performance.now();
    },
  };
}

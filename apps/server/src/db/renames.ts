/**
 * The text[] of securities `keys` (an SQL text[] expression) with what they became by splits into a new ISIN
 * (security_splits.renamed_to, followed any number of steps) for user `user`: a change of an old security's
 * lots reaches the sales of the new one. Both arguments are SQL expressions (parameters or subqueries).
 */
export const onwardKeysSql = (user: string, keys: string) => `(WITH RECURSIVE k(key) AS (
    SELECT unnest(${keys}::text[])
    UNION SELECT s.renamed_to FROM k JOIN security_splits s
      ON s.user_id = ${user} AND s.security_key = k.key AND s.renamed_to IS NOT NULL
  ) SELECT coalesce(array_agg(key), '{}') FROM k)`;

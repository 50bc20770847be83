/**
 * Job kinds enqueued by one module and handled by another (the handler's module registers it): the name
 * and payload live here so that neither module imports the other.
 */

/** Sales that draw on lots which changed follow them (deals module follow.ts). */
export const FOLLOW_LOTS_JOB = 'deals.follow';

/**
 * Where the lots changed: a declaration that still exists (its own waiting sales get another try too), or,
 * once it is gone, the person and year whose later declarations' sales drew on its lots.
 */
export type FollowLotsPayload =
  | { declarationId: number; keys: string[] }
  | { userId: number; year: number; keys: string[] };

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { session } from '../../shared/session/storage.ts';

/** Stores a B2C session, refreshes the profile and goes to /app (or where the visitor came from). */
export function useSignIn() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return useCallback(
    async (token: string, opts: { navigate?: boolean } = {}) => {
      session.signIn(token, 'B2C');
      qc.removeQueries({ queryKey: queryKeys.me });
      await qc.invalidateQueries({ queryKey: queryKeys.me });
      if (opts.navigate !== false) navigate(from?.startsWith('/app') ? from : '/app', { replace: true });
    },
    [qc, navigate, from],
  );
}

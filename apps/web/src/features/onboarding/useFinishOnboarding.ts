import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../../shared/api/client.ts';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { session } from '../../shared/session/storage.ts';
import { markOnboardingSeen } from './slides.ts';

/**
 * End of the onboarding (last slide or Skip): a logged-in user is marked complete on the server;
 * B2B goes to /app, everyone else to the login (docs/accounts.md). A visitor never sees it twice.
 */
export function useFinishOnboarding(onDone?: () => void) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return useCallback(async () => {
    markOnboardingSeen();
    if (session.token()) {
      try {
        await request('/api/account/complete-onboarding', { method: 'POST', skipSessionErrors: true });
        await qc.invalidateQueries({ queryKey: queryKeys.me });
      } catch {
        // the local flag still keeps the slides from coming back
      }
    }
    onDone?.();
    navigate(session.isB2B() ? '/app' : '/auth/login', { replace: true });
  }, [navigate, qc, onDone]);
}

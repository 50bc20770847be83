import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { request } from '../../shared/api/client.ts';
import { session } from '../../shared/session/storage.ts';

/** Logout (docs/accounts.md): revoke the session on the server, clear user, token and session, go to /. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await request('/api/auth/logout', { method: 'POST', skipSessionErrors: true });
    } catch {
      // the local session is cleared anyway
    }
    session.logout();
    qc.clear();
    navigate('/', { replace: true });
  }, [qc, navigate]);
}

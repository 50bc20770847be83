import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { session } from '../shared/session/storage.ts';

/** User routes need a session; without one the user goes to the auth layout. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!session.token()) {
    return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

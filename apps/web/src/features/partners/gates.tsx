import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { session } from '../../shared/session/storage.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { usePartnerState } from './api.ts';
import { PartnerUploadNotice } from './UploadNotice.tsx';
import { halykVariant } from './variant.ts';

/** docs/accounts.md: a B2B client uploads reports only when the partner allows it (halykfinance). */
export function UploadGate({ children }: { children: ReactNode }) {
  const b2b = session.isB2B();
  const state = usePartnerState();
  if (!b2b || halykVariant()) return <>{children}</>;
  if (state.isPending) return <Loading />;
  return state.data?.partner?.allow_upload ? children : <PartnerUploadNotice />;
}

/** docs/accounts.md: B2B clients have no profile and no personal-data editing. */
export function NoB2B({ children }: { children: ReactNode }) {
  return session.isB2B() ? <Navigate to="/app/declaration" replace /> : children;
}

/** docs/accounts.md: the halykfinance variant skips personal data (step 7 goes on to step 8). */
export function PersonalDataGate({ children, next }: { children: ReactNode; next: string }) {
  return halykVariant() && session.isB2B() ? <Navigate to={next} replace /> : children;
}

import { Alert, Anchor } from '@mantine/core';
import { session } from '../../shared/session/storage.ts';
import { usePartnerState } from './api.ts';
import { halykVariant } from './variant.ts';

/** docs/accounts.md: B2B clients upload reports themselves only when the partner allows it (halykfinance). */
export function useUploadAllowed(): boolean {
  const state = usePartnerState();
  if (!session.isB2B()) return true;
  return halykVariant() || Boolean(state.data?.partner?.allow_upload);
}

/** What a B2B client of another partner sees instead of the upload: register on the partner's site. */
export function PartnerUploadNotice() {
  const state = usePartnerState();
  const p = state.data?.partner;
  return (
    <Alert color="blue" title="Загрузка отчета недоступна" data-testid="partner-upload-notice">
      Данные брокера «{p?.title ?? 'партнера'}» загружаются автоматически. Чтобы загружать отчеты других брокеров,{' '}
      {p?.links.register ? (
        <Anchor href={p.links.register} target="_blank" rel="noopener">
          зарегистрируйтесь на сайте партнера
        </Anchor>
      ) : (
        'зарегистрируйтесь на сайте партнера'
      )}
      .
    </Alert>
  );
}

import { Alert, Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation(['partners', 'common', 'errors']);
  const state = usePartnerState();
  const p = state.data?.partner;
  return (
    <Alert color="blue" title={t('upload.title')} data-testid="partner-upload-notice">
      <Trans
        t={t}
        i18nKey="upload.text"
        values={{ broker: p?.title ?? t('upload.partner') }}
        components={{
          a: p?.links.register ? <Anchor href={p.links.register} target="_blank" rel="noopener" /> : <Fragment />,
        }}
      />
    </Alert>
  );
}

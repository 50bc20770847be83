import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers.tsx';
import { initI18n } from './shared/i18n/index.ts';

// The active language's common and error catalogues come first, so that no screen flashes in another language.
void initI18n().then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  ),
);

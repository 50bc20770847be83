import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers.tsx';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);

import '@aws-amplify/ui-react/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createI18n } from '@/lib/i18n';
import { readStoredLanguage } from '@/lib/preferences';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const i18n = await createI18n(readStoredLanguage());
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <AppProviders i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();

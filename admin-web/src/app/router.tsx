import { createBrowserRouter } from 'react-router-dom';
import { AdminSessionProvider } from '@/features/auth/components/admin-session-provider';
import { AdminApp } from './admin-app';
import type { RuntimeConfig } from '@app/web/kit/runtime-config';

/** The admin site is one screen today (login, then the dashboard); every path shows it. */
export function createAppRouter(config: RuntimeConfig) {
  const element = (
    <AdminSessionProvider>
      <AdminApp config={config} />
    </AdminSessionProvider>
  );
  return createBrowserRouter([
    { path: '/', element },
    { path: '*', element },
  ]);
}

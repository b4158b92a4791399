import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminSession } from '@/features/auth/components/admin-session-provider';
import type { RuntimeConfig } from '@app/web/kit/runtime-config';

// Each screen is its own chunk: a visitor downloads the login only, an admin the dashboard only.
const AdminLogin = lazy(() =>
  import('@/features/auth/components/admin-login').then((module) => ({ default: module.AdminLogin })),
);
const SignedInAdmin = lazy(() => import('./signed-in-admin'));

/** Plain markup, so the entry can paint it before any Amplify UI chunk arrives. */
function StartupStatus() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-startup" role="status">
      <span className="admin-startup__spinner" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}

/** Login until an admin is signed in; then the header and the dashboard. */
export function AdminApp({ config }: { config: RuntimeConfig }) {
  const session = useAdminSession();

  if (session.status === 'checking') return <StartupStatus />;
  if (session.status === 'signedOut') {
    return (
      <main id="main">
        <Suspense fallback={<StartupStatus />}>
          <AdminLogin
            onSignIn={session.signIn}
            onSecondStep={session.completeSecondStep}
            investorSiteUrl={config.investorSiteUrl}
          />
        </Suspense>
      </main>
    );
  }
  return (
    <Suspense fallback={<StartupStatus />}>
      <SignedInAdmin config={config} onLogout={() => void session.logout()} />
    </Suspense>
  );
}

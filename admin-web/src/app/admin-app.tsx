import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminLogin } from '@/features/auth/components/admin-login';
import { useAdminSession } from '@/features/auth/components/admin-session-provider';
import type { RuntimeConfig } from '@app/web/kit/runtime-config';
import { AdminDashboard } from './admin-dashboard';
import { AdminHeader } from './admin-header';

/** Login until an admin is signed in; then the header and the dashboard. */
export function AdminApp({ config }: { config: RuntimeConfig }) {
  const { t } = useTranslation('admin');
  const session = useAdminSession();
  const queryClient = useQueryClient();
  const fetching = useIsFetching();

  if (session.status === 'checking') {
    return (
      <Flex direction="column" alignItems="center" padding="xxl" gap="small" role="status">
        <Loader size="large" aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Flex>
    );
  }
  if (session.status === 'signedOut') {
    return (
      <main id="main">
        <AdminLogin
          onSignIn={session.signIn}
          demoAdmin={config.demoAdmin}
          investorSiteUrl={config.investorSiteUrl}
        />
      </main>
    );
  }
  return (
    <>
      <AdminHeader
        user={session.user}
        refreshing={fetching > 0}
        onRefresh={() => void queryClient.invalidateQueries()}
        onLogout={() => void session.logout()}
      />
      <main id="main" className="admin-main" tabIndex={-1}>
        <AdminDashboard user={session.user} />
      </main>
    </>
  );
}

import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { useRouteQuery } from '@app/web/kit/route-query';
import type { RuntimeConfig } from '@app/web/kit/runtime-config';
import { ServerStateProvider, type SessionEndPolicy } from '@app/web/kit/server-state';
import { AdminDashboard } from './admin-dashboard';
import { AdminHeader } from './admin-header';

/**
 * docs/product.md "Roles, plans and demo mode" and "Errors and empty results": a 401 or 403 from the API ends
 * the admin session at once; the login shows again after 2 s, so the 'Authentication failed' toast that
 * explains why can be read.
 */
const ADMIN_SESSION_END: SessionEndPolicy = { statuses: [401, 403], delayMs: 2_000 };

function AdminScreen({ onLogout }: { onLogout: () => void }) {
  const me = useRouteQuery(contract.auth.me);
  const queryClient = useQueryClient();
  const fetching = useIsFetching();
  const user = me.data ?? null;
  return (
    <>
      <AdminHeader
        user={user}
        refreshing={fetching > 0}
        onRefresh={() => void queryClient.invalidateQueries()}
        onLogout={onLogout}
      />
      <main id="main" className="admin-main" tabIndex={-1}>
        <AdminDashboard user={user} />
      </main>
    </>
  );
}

/**
 * The signed-in admin site, a chunk of its own: the API client, the query cache and the contract's
 * schemas load with it, never with the login. Its query cache lives as long as the session does.
 */
export default function SignedInAdmin({ config, onLogout }: { config: RuntimeConfig; onLogout: () => void }) {
  return (
    <ServerStateProvider config={config} sessionEnd={ADMIN_SESSION_END}>
      <AdminScreen onLogout={onLogout} />
    </ServerStateProvider>
  );
}

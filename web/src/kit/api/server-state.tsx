import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { configureAmplifyAuth, currentAccessToken, loadAmplifyAuth } from '@/lib/amplify-auth';
import { configureApiClient, createApiClient } from '@/lib/api-client';
import type { RuntimeConfig } from './config';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

let signingOut = false;

/** Any 401 ends the session: sign out of Cognito and go home (part 1 sections 4 and 8). */
function endSession(): void {
  if (signingOut) return;
  signingOut = true;
  loadAmplifyAuth()
    .then((auth) => auth.signOut())
    .catch(() => undefined)
    .finally(() => window.location.assign('/'));
}

let configuredFor: RuntimeConfig | null = null;

/** Amplify and the typed API client, configured once from the runtime config. */
export function setUpServerAccess(config: RuntimeConfig): void {
  if (configuredFor === config) return;
  configuredFor = config;
  configureAmplifyAuth(config);
  configureApiClient(
    createApiClient({
      apiUrl: config.apiUrl,
      getAccessToken: currentAccessToken,
      onUnauthorized: endSession,
    }),
  );
}

/**
 * TanStack Query and the API for the screens that talk to the server. Only the signed-in area does,
 * so the public pages (and their size budget) do without it.
 */
export function ServerStateProvider({
  config,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  setUpServerAccess(config);
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

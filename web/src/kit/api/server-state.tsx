import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { configureAmplifyAuth, currentAccessToken, loadAmplifyAuth } from '../auth/amplify-auth';
import type { RuntimeConfig } from '../config/runtime-config';
import { configureApiClient, configureRequestLanguage, createApiClient } from './api-client';
import { forgetSessionData } from './session-expiry';

/**
 * Defaults of every query of both sites; a route that needs other values says so once in
 * ./route-policies.ts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** When an API answer ends the session, and how the site leaves. */
export interface SessionEndPolicy {
  /**
   * Statuses that end the session (docs/product.md "Screens", session, and "Roles, plans and demo mode"). The
   * investor site: 401; the admin site also 403.
   */
  statuses?: readonly number[];
  /**
   * How long the page stays before going home, so the toast that explains why can be read (the admin site: 2
   * s, docs/product.md "Errors and empty results").
   */
  delayMs?: number;
}

let signingOut = false;

/** Forgets what the site kept for the account, signs out of Cognito, then reloads the site's home page. */
function endSession(delayMs: number): void {
  if (signingOut) return;
  signingOut = true;
  forgetSessionData();
  const signedOut = loadAmplifyAuth()
    .then((auth) => auth.signOut())
    .catch(() => undefined);
  const delay = new Promise((resolve) => setTimeout(resolve, delayMs));
  void Promise.all([signedOut, delay]).then(() => window.location.assign('/'));
}

let configuredFor: RuntimeConfig | null = null;

/** Amplify and the typed API client, configured once from the runtime config. */
export function setUpServerAccess(config: RuntimeConfig, sessionEnd: SessionEndPolicy = {}): void {
  if (configuredFor === config) return;
  configuredFor = config;
  configureAmplifyAuth(config);
  configureApiClient(
    createApiClient({
      apiUrl: config.apiUrl,
      getAccessToken: currentAccessToken,
      onUnauthorized: () => endSession(sessionEnd.delayMs ?? 0),
      signOutStatuses: sessionEnd.statuses ?? [401],
    }),
  );
}

/**
 * Asks the API in the screens' language, and asks again when it changes: the server words its texts
 * (errors, notices, reasoning, alerts) in the caller's language, so answers kept in the cache are in
 * the previous one. Refetching the active queries brings every screen into the new language. A switch
 * to the language already in use (the profile's applied after signing in, issue 48) asks nothing again.
 */
export function FollowLanguage({ client }: { client: QueryClient }) {
  const { i18n } = useTranslation();
  configureRequestLanguage(() => i18n.language);
  useEffect(() => {
    let askedIn = i18n.language;
    const refetch = (language: string) => {
      if (language === askedIn) return;
      askedIn = language;
      void client.invalidateQueries();
    };
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [client, i18n]);
  return null;
}

/**
 * TanStack Query and the API for the screens that talk to the server. On the investor site only the
 * signed-in area does, so the public pages (and their size budget) do without it.
 */
export function ServerStateProvider({
  config,
  sessionEnd,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  sessionEnd?: SessionEndPolicy;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  setUpServerAccess(config, sessionEnd);
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <FollowLanguage client={client} />
      {children}
    </QueryClientProvider>
  );
}

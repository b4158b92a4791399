import { configureAmplifyAuth, currentAccessToken, loadAmplifyAuth } from '@/lib/amplify-auth';
import { configureApiClient, createApiClient } from '@/lib/api-client';
import type { RuntimeConfig } from './config';

let signingOut = false;

/** Part 2 section 7: a 401 or 403 from the API ends the admin session; the login shows again. */
function endSession(): void {
  if (signingOut) return;
  signingOut = true;
  loadAmplifyAuth()
    .then((auth) => auth.signOut())
    .catch(() => undefined)
    .finally(() => window.location.assign('/'));
}

/** Amplify (the admin app client) and the typed API client, configured once from the runtime config. */
export function setUpServerAccess(config: RuntimeConfig): void {
  configureAmplifyAuth(config);
  configureApiClient(
    createApiClient({
      apiUrl: config.apiUrl,
      getAccessToken: currentAccessToken,
      onUnauthorized: endSession,
      signOutStatuses: [401, 403],
    }),
  );
}

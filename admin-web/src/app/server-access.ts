import { configureAmplifyAuth, currentAccessToken, loadAmplifyAuth } from '@app/web/lib/amplify-auth';
import { configureApiClient, createApiClient } from '@app/web/lib/api-client';
import type { RuntimeConfig } from './config';

let signingOut = false;

/** Part 2 section 8: the 'Authentication failed' toast stays 2 s before the login shows. */
export const SIGN_OUT_REDIRECT_DELAY_MS = 2_000;

/**
 * Part 2 section 7: a 401 or 403 from the API ends the admin session at once; the login shows
 * again after 2 s, so the toast that explains why can be read.
 */
function endSession(): void {
  if (signingOut) return;
  signingOut = true;
  const signedOut = loadAmplifyAuth()
    .then((auth) => auth.signOut())
    .catch(() => undefined);
  const delay = new Promise((resolve) => setTimeout(resolve, SIGN_OUT_REDIRECT_DELAY_MS));
  void Promise.all([signedOut, delay]).then(() => window.location.assign('/'));
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

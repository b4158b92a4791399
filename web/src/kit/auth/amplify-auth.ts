import type * as AmplifyAuth from 'aws-amplify/auth';

/**
 * Amplify Auth, loaded on demand: the public pages never download it; the sign-in dialog and the
 * signed-in routes call `loadAmplifyAuth()` first. Sessions live where Amplify keeps them
 * (localStorage, refreshed by Amplify), never in our own storage.
 */
export interface AmplifyAuthConfig {
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string | undefined;
  authFlowType?: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | undefined;
}

export type AmplifyAuthModule = typeof AmplifyAuth;

let authConfig: AmplifyAuthConfig | null = null;

/** Amplify's `AUTH_KEY_PREFIX` (@aws-amplify/auth, cognito token provider constants). */
const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider';
let loading: Promise<AmplifyAuthModule> | null = null;

export function configureAmplifyAuth(config: AmplifyAuthConfig): void {
  // The same configuration again (a site sets it at start, then its server state): keep the loaded module.
  if (authConfig === config) return;
  authConfig = config;
  loading = null;
}

export function authFlowType(): 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' {
  return authConfig?.authFlowType ?? 'USER_SRP_AUTH';
}

export function loadAmplifyAuth(): Promise<AmplifyAuthModule> {
  if (!authConfig)
    return Promise.reject(new Error('configureAmplifyAuth() must run before loadAmplifyAuth()'));
  const config = authConfig;
  loading ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(([{ Amplify }, auth]) => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    return auth;
  });
  return loading;
}

/**
 * False when this browser holds no Cognito session for the site: Amplify's token store writes
 * `CognitoIdentityServiceProvider.<app client id>.LastAuthUser` to localStorage with the tokens and
 * removes it with them. A visitor without it is signed out for sure, so the sign-in screen can show
 * before (and without) Amplify's chunk. True when storage cannot be read: then Amplify decides.
 */
export function mayHoldStoredSession(storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  if (!authConfig) return true;
  try {
    return storage.getItem(`${AMPLIFY_KEY_PREFIX}.${authConfig.userPoolClientId}.LastAuthUser`) !== null;
  } catch {
    return true;
  }
}

/**
 * The account id (the access token's `sub`, the API's user id) of the session stored in this browser, read
 * from Amplify's token store without downloading Amplify, so a signed-in screen can ask for its data before
 * the session is checked (docs/product.md "Screens", session). Null when nothing readable is stored. It
 * proves nothing: the API checks the token, and the session check decides who is signed in.
 */
export function storedSessionUserId(storage: Pick<Storage, 'getItem'> = window.localStorage): string | null {
  if (!authConfig) return null;
  try {
    const prefix = `${AMPLIFY_KEY_PREFIX}.${authConfig.userPoolClientId}`;
    const username = storage.getItem(`${prefix}.LastAuthUser`);
    const token = username === null ? null : storage.getItem(`${prefix}.${username}.accessToken`);
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64));
    const sub = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : null;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/** The current access token (refreshed by Amplify when needed), or null without a session. */
export async function currentAccessToken(): Promise<string | null> {
  const auth = await loadAmplifyAuth();
  try {
    const session = await auth.fetchAuthSession();
    return session.tokens?.accessToken.toString() ?? null;
  } catch {
    return null;
  }
}

/** `cognito:groups` of the current access token (empty without a session). */
export async function currentGroups(): Promise<string[]> {
  const auth = await loadAmplifyAuth();
  const session = await auth.fetchAuthSession();
  const groups = session.tokens?.accessToken.payload['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [];
}

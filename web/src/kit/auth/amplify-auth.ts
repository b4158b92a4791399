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
let loading: Promise<AmplifyAuthModule> | null = null;

export function configureAmplifyAuth(config: AmplifyAuthConfig): void {
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

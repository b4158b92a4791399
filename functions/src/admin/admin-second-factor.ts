import { message } from '@app/shared/messages/message';
import type { Config } from '../config';
import type { AuthContext } from '../platform/auth-context';
import { ForbiddenError } from '../platform/errors';
import type { AreaImplementations } from '../platform/route-types';
import type { routes } from '@app/shared/api/areas/admin';

type AdminRoutes = typeof routes;

/**
 * docs/accounts.md "Administrators sign in with an authenticator app": an admin whose account has no
 * authenticator app (TOTP) enrolled in the user pool is refused every admin route with a 403, so a
 * stolen admin password alone opens nothing. The pool is the one truth (AdminGetUser's
 * `UserMFASettingList`); a yes is remembered for a minute per warm Lambda, a no is asked again each time
 * (an admin who just enrolled is let in at once).
 */

export type HasAuthenticator = (username: string) => Promise<boolean>;

const REMEMBER_YES_MS = 60_000;

/** AdminGetUser on the user pool (cognito-local on a laptop); the SDK loads on the first admin request. */
export function createPoolAuthenticatorCheck(
  config: Pick<Config, 'AWS_REGION' | 'COGNITO_ENDPOINT' | 'USER_POOL_ID'>,
  now: () => number = Date.now,
): HasAuthenticator {
  const yesUntil = new Map<string, number>();
  let send: ((username: string) => Promise<string[]>) | undefined;
  const connect = async () => {
    const { CognitoIdentityProviderClient, AdminGetUserCommand } =
      await import('@aws-sdk/client-cognito-identity-provider');
    const client = new CognitoIdentityProviderClient({
      region: config.AWS_REGION,
      maxAttempts: 2,
      ...(config.COGNITO_ENDPOINT
        ? {
            endpoint: config.COGNITO_ENDPOINT,
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
    });
    return async (username: string) => {
      const user = await client.send(
        new AdminGetUserCommand({ UserPoolId: config.USER_POOL_ID, Username: username }),
      );
      return user.UserMFASettingList ?? [];
    };
  };
  return async (username) => {
    if ((yesUntil.get(username) ?? 0) > now()) return true;
    send ??= await connect();
    const enrolled = (await send(username)).includes('SOFTWARE_TOKEN_MFA');
    if (enrolled) yesUntil.set(username, now() + REMEMBER_YES_MS);
    return enrolled;
  };
}

/** Every implementation of the area, each behind the check (the platform already refused non-admins). */
export function requiringAuthenticator<Deps>(
  implementations: AreaImplementations<AdminRoutes, Deps>,
  hasAuthenticator: () => HasAuthenticator,
): AreaImplementations<AdminRoutes, Deps> {
  const guarded = Object.entries(implementations).map(([key, implementation]) => {
    const run = implementation as (request: { auth: AuthContext }, deps: Deps) => Promise<unknown>;
    const checked = async (request: { auth: AuthContext }, deps: Deps) => {
      const { auth } = request;
      if (auth.kind === 'user' && !(await hasAuthenticator()(auth.username)))
        throw new ForbiddenError(message('AUTH_ADMIN_TOTP_REQUIRED'));
      return run(request, deps);
    };
    return [key, checked];
  });
  return Object.fromEntries(guarded) as AreaImplementations<AdminRoutes, Deps>;
}

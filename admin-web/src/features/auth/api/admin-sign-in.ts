import type { Role } from '@app/shared/domain/enums';
import { authFlowType, currentGroups, loadAmplifyAuth } from '@app/web/lib/amplify-auth';

/** Roles come from the access token's `cognito:groups` (ARCHITECTURE.md), never from a body. */
export const ADMIN_GROUP: Role = 'ADMIN';

/** Amplify names for "wrong email or password" (cognito-local answers InvalidPasswordException). */
const INVALID_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
]);

export class AdminSignInError extends Error {
  override readonly name = 'AdminSignInError';
  constructor(
    readonly kind: 'invalid-credentials' | 'not-admin' | 'not-completed' | 'server',
    /** The server's own text, shown when present. */
    readonly detail?: string,
  ) {
    super(detail ?? kind);
  }
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function toSignInError(error: unknown): unknown {
  const name = errorName(error);
  if (name && INVALID_CREDENTIALS.has(name)) return new AdminSignInError('invalid-credentials');
  if (error instanceof Error && name && name !== 'Error' && name !== 'TypeError') {
    return new AdminSignInError('server', error.message || undefined);
  }
  return error;
}

/**
 * Part 2 sections 4 and 6: signs in through Cognito, then admits only members of ADMIN; anyone else
 * is signed out again and refused.
 */
export async function signInAdmin(email: string, password: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  const attempt = () =>
    auth.signIn({ username: email.trim(), password, options: { authFlowType: authFlowType() } });
  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (error: unknown) {
    if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw toSignInError(error);
    await auth.signOut();
    result = await attempt().catch((retryError: unknown) => {
      throw toSignInError(retryError);
    });
  }
  if (!result.isSignedIn) throw new AdminSignInError('not-completed');
  const groups = await currentGroups();
  if (!groups.includes(ADMIN_GROUP)) {
    await auth.signOut();
    throw new AdminSignInError('not-admin');
  }
}

/** On reload: true when Amplify holds an admin's session; a non-admin session is ended. */
export async function restoreAdminSession(): Promise<boolean> {
  const auth = await loadAmplifyAuth();
  try {
    await auth.getCurrentUser();
  } catch {
    return false;
  }
  const groups = await currentGroups().catch((): string[] => []);
  if (groups.includes(ADMIN_GROUP)) return true;
  await auth.signOut().catch(() => undefined);
  return false;
}

export async function signOutAdmin(): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.signOut();
}

import { authFlowType, loadAmplifyAuth } from '@/lib/amplify-auth';

/** Amplify names for "wrong email or password" (cognito-local answers InvalidPasswordException). */
const INVALID_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
]);

export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly kind: 'invalid-credentials' | 'not-completed' | 'server',
    /** The server's own text, shown when present (part 1 section 8). */
    readonly detail?: string,
  ) {
    super(detail ?? kind);
  }
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/** Signs in through Cognito, the Amplify way (Amplify stores and refreshes the session). */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  const attempt = () =>
    auth.signIn({ username: email.trim(), password, options: { authFlowType: authFlowType() } });
  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (error: unknown) {
    if (errorName(error) === 'UserAlreadyAuthenticatedException') {
      // Someone else's session is still in this browser: end it and sign in as asked.
      await auth.signOut();
      result = await attempt().catch((retryError: unknown) => {
        throw toSignInError(retryError);
      });
    } else {
      throw toSignInError(error);
    }
  }
  if (!result.isSignedIn) throw new SignInError('not-completed');
}

function toSignInError(error: unknown): unknown {
  const name = errorName(error);
  if (name && INVALID_CREDENTIALS.has(name)) return new SignInError('invalid-credentials');
  if (error instanceof Error && name && name !== 'Error' && name !== 'TypeError') {
    return new SignInError('server', error.message || undefined);
  }
  return error;
}

export async function signOutEverywhere(): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.signOut();
}

/** True when Amplify holds a valid (or refreshable) session for this site. */
export async function hasSession(): Promise<boolean> {
  const auth = await loadAmplifyAuth();
  try {
    await auth.getCurrentUser();
    const session = await auth.fetchAuthSession();
    return Boolean(session.tokens?.accessToken);
  } catch {
    return false;
  }
}

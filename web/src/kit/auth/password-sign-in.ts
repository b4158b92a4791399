import { authFlowType, currentGroups, loadAmplifyAuth, mayHoldStoredSession } from './amplify-auth';

/** Amplify names for "wrong email or password" (cognito-local answers InvalidPasswordException). */
const INVALID_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
]);

export type SignInFailure =
  | 'invalid-credentials'
  | 'not-completed'
  /** The password was right; the account asks for its authenticator app's code (`confirmTotpCode`). */
  | 'totp-required'
  /** The authenticator code was not accepted. */
  | 'totp-wrong'
  /** Signed in, but not a member of the group the site requires (the admin site: ADMIN). */
  | 'missing-group'
  | 'server';

export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly kind: SignInFailure,
    /** The server's own text, shown when present (docs/product.md "Screens", sign-in dialog). */
    readonly detail?: string,
  ) {
    super(detail ?? kind);
  }
}

/** Who may hold a session on a site: anyone with an account, or only members of one Cognito group. */
export interface SessionRequirement {
  /** Roles come from the access token's `cognito:groups` (docs/product.md), never from a body. */
  requiredGroup?: string;
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function toSignInError(error: unknown): unknown {
  const name = errorName(error);
  if (name && INVALID_CREDENTIALS.has(name)) return new SignInError('invalid-credentials');
  if (error instanceof Error && name && name !== 'Error' && name !== 'TypeError') {
    return new SignInError('server', error.message || undefined);
  }
  return error;
}

/**
 * Signs in through Cognito, the Amplify way (Amplify stores and refreshes the session). With a required
 * group, anyone outside it is signed out again and refused (docs/product.md "Roles, plans and demo mode").
 */
export async function signInWithPassword(
  email: string,
  password: string,
  { requiredGroup }: SessionRequirement = {},
): Promise<void> {
  const auth = await loadAmplifyAuth();
  const attempt = () =>
    // Addresses compare case-insensitively: the API stores them lower-cased (EmailInputSchema), so the
    // address is signed in as typed in any case (issue 46).
    auth.signIn({
      username: email.trim().toLowerCase(),
      password,
      options: { authFlowType: authFlowType() },
    });
  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (error: unknown) {
    if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw toSignInError(error);
    // Someone else's session is still in this browser: end it and sign in as asked.
    await auth.signOut();
    result = await attempt().catch((retryError: unknown) => {
      throw toSignInError(retryError);
    });
  }
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') throw new SignInError('totp-required');
  if (!result.isSignedIn) throw new SignInError('not-completed');
  await requireGroup(requiredGroup);
}

/** Ends a session outside the site's required group (docs/product.md "Roles, plans and demo mode"). */
async function requireGroup(requiredGroup: string | undefined): Promise<void> {
  const auth = await loadAmplifyAuth();
  if (requiredGroup && !(await currentGroups()).includes(requiredGroup)) {
    await auth.signOut();
    throw new SignInError('missing-group');
  }
}

/** The second step of a sign-in that answered 'totp-required': the authenticator app's 6-digit code. */
export async function confirmTotpCode(
  code: string,
  { requiredGroup }: SessionRequirement = {},
): Promise<void> {
  const auth = await loadAmplifyAuth();
  let result: Awaited<ReturnType<typeof auth.confirmSignIn>>;
  try {
    result = await auth.confirmSignIn({ challengeResponse: code.trim() });
  } catch (error: unknown) {
    const name = errorName(error);
    if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException')
      throw new SignInError('totp-wrong');
    throw toSignInError(error);
  }
  if (!result.isSignedIn) throw new SignInError('not-completed');
  await requireGroup(requiredGroup);
}

export async function signOutEverywhere(): Promise<void> {
  const auth = await loadAmplifyAuth();
  await auth.signOut();
}

/**
 * True when Amplify holds a valid (or refreshable) session for this site. A session outside the
 * required group is ended (an investor's session left in the admin site's storage).
 */
export async function hasSession({ requiredGroup }: SessionRequirement = {}): Promise<boolean> {
  // Nothing stored: signed out, known without downloading Amplify.
  if (!mayHoldStoredSession()) return false;
  const auth = await loadAmplifyAuth();
  try {
    await auth.getCurrentUser();
    const session = await auth.fetchAuthSession();
    if (!session.tokens?.accessToken) return false;
  } catch {
    return false;
  }
  if (!requiredGroup) return true;
  const groups = await currentGroups().catch((): string[] => []);
  if (groups.includes(requiredGroup)) return true;
  await auth.signOut().catch(() => undefined);
  return false;
}

/** True when the signed-in account has an authenticator app (TOTP) turned on. */
export async function hasAuthenticatorApp(): Promise<boolean> {
  const auth = await loadAmplifyAuth();
  const preference = await auth.fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

export interface AuthenticatorEnrolment {
  /** The key (base32), shown once for typing into the app. */
  secret: string;
  /** The `otpauth://` link that opens the app on a phone. */
  setupUri: string;
}

/** Starts adding an authenticator app to the signed-in account: a new key from the identity service. */
export async function startAuthenticatorEnrolment(
  issuer: string,
  accountName: string,
): Promise<AuthenticatorEnrolment> {
  const auth = await loadAmplifyAuth();
  const details = await auth.setUpTOTP();
  return { secret: details.sharedSecret, setupUri: details.getSetupUri(issuer, accountName).toString() };
}

/** Finishes the enrolment with the app's first code and makes it the account's second step. */
export async function finishAuthenticatorEnrolment(code: string): Promise<void> {
  const auth = await loadAmplifyAuth();
  try {
    await auth.verifyTOTPSetup({ code: code.trim() });
  } catch (error: unknown) {
    const name = errorName(error);
    if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException')
      throw new SignInError('totp-wrong');
    throw toSignInError(error);
  }
  await auth.updateMFAPreference({ totp: 'PREFERRED' });
}

import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { PASSWORD_POLICY, type AuthResponse, type User } from '@app/shared/domain/entities/user';
import type { Language, Role } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { parseGroupsClaim, ADMIN_GROUP } from '../platform/auth-context';
import { NotFoundError, UnauthorizedError, fieldError } from '../platform/errors';
import type { UsersRepository, StoredUser } from '../data/users-repository';
import type { TotpStepsRepository } from '../data/totp-steps-repository';
import {
  SecondFactorRequiredError,
  SecondFactorWrongError,
  WrongCredentialsError,
  type CognitoGateway,
  type Tokens,
} from './cognito-gateway';

export interface AuthDeps {
  users: UsersRepository;
  cognito: CognitoGateway;
  now: () => Date;
}

/** Sign-in also records the authenticator code it accepted, so that it works once. */
export interface LoginDeps extends AuthDeps {
  totpSteps: TotpStepsRepository;
}

/** RFC 6238's time step: 30 seconds, counted from the epoch. */
const TOTP_STEP_SECONDS = 30;

const wrongTotpCode = () =>
  fieldError('body.totp_code', message('AUTH_TOTP_CODE_WRONG', { field: 'totp_code' }));

/**
 * docs/accounts.md "Two-step sign-in (TOTP)": the identity service accepted the code; refuse it, with
 * the same error as a wrong code, when it (or any code) was already used at this step or a later one.
 */
async function useTotpCodeOnce(userId: string, code: string, deps: LoginDeps): Promise<void> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const codeHash = createHash('sha256').update(`${userId}:${code.trim()}`).digest('hex');
  const step = Math.floor(nowSeconds / TOTP_STEP_SECONDS);
  if ((await deps.totpSteps.recordUse(userId, step, codeHash, nowSeconds)) === 'replayed')
    throw wrongTotpCode();
}

function publicUser(user: StoredUser): User {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    subscription_tier: user.subscription_tier,
    language: user.language,
    theme: user.theme,
    created_at: user.created_at,
  };
}

export function authResponse(tokens: Tokens, user: StoredUser): AuthResponse {
  return {
    access_token: tokens.accessToken,
    id_token: tokens.idToken,
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    user: publicUser(user),
  };
}

/** Roles come only from the Cognito group in the token, never from a request body. */
function roleOfToken(accessToken: string): { sub: string; role: Role } {
  const claims = decodeJwt(accessToken);
  const groups = parseGroupsClaim(claims['cognito:groups']);
  return { sub: String(claims.sub), role: groups.includes(ADMIN_GROUP) ? 'ADMIN' : 'USER' };
}

export const weakPassword = () =>
  fieldError(
    'body.password',
    message('AUTH_PASSWORD_POLICY', { field: 'password', minimum: PASSWORD_POLICY.minLength }),
  );

/**
 * Signs in. A profile created here (an account made outside the API) takes the request's language;
 * an existing profile keeps its own preferences.
 */
export async function loginUser(
  { email, password, totpCode }: { email: string; password: string; totpCode?: string | undefined },
  requestLanguage: Language,
  deps: LoginDeps,
): Promise<AuthResponse> {
  let tokens: Tokens & { secondFactor: boolean };
  try {
    tokens = await deps.cognito.signIn(email, password, totpCode);
  } catch (error: unknown) {
    // One answer for an unknown address and a wrong password: nothing tells whether an account exists.
    if (error instanceof WrongCredentialsError)
      throw new UnauthorizedError(message('AUTH_WRONG_CREDENTIALS'));
    // Only said once the password is known to be right.
    if (error instanceof SecondFactorRequiredError)
      throw fieldError('body.totp_code', message('AUTH_TOTP_CODE_REQUIRED', { field: 'totp_code' }));
    if (error instanceof SecondFactorWrongError) throw wrongTotpCode();
    throw error;
  }
  const { sub, role } = roleOfToken(tokens.accessToken);
  if (tokens.secondFactor && totpCode) await useTotpCodeOnce(sub, totpCode, deps);
  let user = await deps.users.get(sub);
  if (!user) {
    // Users created outside the API (the console, the seed) get their profile on first sign-in.
    user = await deps.users.create({
      id: sub,
      email,
      first_name: email.split('@')[0] ?? email,
      last_name: '',
      role,
      subscription_tier: 'FREE',
      language: requestLanguage,
      theme: 'dark',
      created_at: deps.now().toISOString(),
    });
  } else if (user.role !== role) {
    await deps.users.setRole(sub, role);
    user = { ...user, role };
  }
  return authResponse(tokens, user);
}

export async function getCurrentUser(userId: string, isAdmin: boolean, deps: AuthDeps): Promise<User> {
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
  return { ...publicUser(user), role: isAdmin ? 'ADMIN' : 'USER' };
}

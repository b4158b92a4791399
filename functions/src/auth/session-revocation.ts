import { forgetSessionState } from '../platform/session-check';
import type { UsersRepository } from '../data/users-repository';
import type { CognitoGateway } from './cognito-gateway';

export interface SessionRevocationDeps {
  users: Pick<UsersRepository, 'revokeTokensIssuedBefore'>;
  cognito: Pick<CognitoGateway, 'signOutEverywhere'>;
  now: () => Date;
}

/**
 * Ends every session of the user (docs/accounts.md "Sign out of every session"): sign out everywhere, a
 * password change or reset, the account's deletion. The revocation second makes every area refuse the
 * older tokens (platform/session-check.ts; this process at once, the others within
 * SESSION_STATE_CACHE_SECONDS), and the identity service revokes the refresh tokens so that none of
 * those sessions gets a new token. Returns the revocation second.
 */
export async function endEverySession(userId: string, deps: SessionRevocationDeps): Promise<number> {
  const seconds = await deps.users.revokeTokensIssuedBefore(userId, deps.now());
  forgetSessionState(userId);
  // The pool's user name is the sub (docs/accounts.md "Sign out of every session").
  await deps.cognito.signOutEverywhere(userId);
  return seconds;
}

import { message } from '@app/shared/messages/message';
import type { UsersRepository } from '../data/users-repository';
import { rendererFor } from '../platform/messages';
import type { Mailer } from '../platform/mail/mailer';

export interface SignInAlertDeps {
  users: Pick<UsersRepository, 'findByEmail'>;
  mailer: Mailer;
}

/**
 * docs/accounts.md "Abuse": tells an account's owner, in their language, that its sign-in failed
 * `attempts` times in a short while (the sign-in limiter calls this once per burst). An address without
 * an account gets nothing: the mail must not tell anyone which addresses have one.
 */
export async function mailRepeatedSignInFailures(
  email: string,
  attempts: number,
  deps: SignInAlertDeps,
): Promise<boolean> {
  const user = await deps.users.findByEmail(email);
  if (!user) return false;
  const say = rendererFor(user.language);
  await deps.mailer.send({
    to: user.email,
    subject: say(message('MAIL_SIGN_IN_FAILURES_SUBJECT')),
    text: say(message('MAIL_SIGN_IN_FAILURES_BODY', { attempts })),
  });
  return true;
}

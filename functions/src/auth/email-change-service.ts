import { MAIL_CODE_RULES, type EmailChangeRequest } from '@app/shared/domain/entities/mail';
import type { Language } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import type { EmailClaimsRepository } from '../data/email-claims-repository';
import type { UsersRepository } from '../data/users-repository';
import { NotFoundError, ServiceUnavailableError, fieldError } from '../platform/errors';
import { logger } from '../platform/observability';
import { confirmCurrentPassword } from './account-service';
import type { CognitoGateway } from './cognito-gateway';
import { EMAIL_UNDO_DAYS, signEmailUndoToken, verifyEmailUndoToken } from './email-undo-token';
import {
  countRequest,
  invalidCode,
  issueCode,
  issueCodeOrNameField,
  mailInLanguage,
  useCode,
  type MailCodeDeps,
} from './mail-code-service';

/*
 * E-mail change (docs/accounts.md "E-mail change"). Asked with the current password, so a stolen
 * session alone cannot move the account; answered the same whether or not the new address has an
 * account (a taken one gets a notice, no code); decided by a conditional write (the address claim,
 * data/email-claims-repository.ts), not by a read; and told to the old address, with a signed link that
 * moves the account back and ends every session for EMAIL_UNDO_DAYS.
 */

export interface EmailChangeDeps extends MailCodeDeps {
  users: Pick<UsersRepository, 'get' | 'findByEmail' | 'updateEmail'>;
  claims: EmailClaimsRepository;
  cognito: Pick<CognitoGateway, 'signIn' | 'emailOf'>;
  /** The site's address, for the undo link (`<site>/email-change/undo?token=...`). */
  siteUrl: string;
}

const ACCEPTED = { accepted: true } as const;
const UNDO_SECONDS = EMAIL_UNDO_DAYS * 86_400;

const sameAddress = (left: string, right: string) => left.toLowerCase() === right.toLowerCase();
const addressTaken = () => fieldError('body.code', message('AUTH_EMAIL_CHANGE_TAKEN', { field: 'code' }));
const undoInvalid = () => fieldError('body.token', message('MAIL_EMAIL_UNDO_INVALID'));

/** The language to write to the account that has `email`, or null when no account has it. */
async function ownerLanguage(
  email: string,
  userId: string,
  fallback: Language,
  deps: EmailChangeDeps,
): Promise<Language | null> {
  const profile = await deps.users.findByEmail(email);
  if (profile) return profile.id === userId ? null : profile.language;
  // An account made outside the API (the seed, the console) has no profile until its first sign-in.
  return (await deps.cognito.emailOf(email)) === null ? null : fallback;
}

async function profileOf(userId: string, deps: EmailChangeDeps) {
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
  return user;
}

/**
 * Counts the request, checks the password, then mails the new address: a code when no account has
 * it, a notice otherwise (and when it is the account's own). Same answer either way.
 */
export async function requestEmailChange(
  userId: string,
  payload: EmailChangeRequest,
  deps: EmailChangeDeps,
): Promise<typeof ACCEPTED> {
  const user = await profileOf(userId, deps);
  // Counted first: the hourly limit also bounds password guesses made with a stolen session.
  await countRequest('EMAIL', user.email, deps);
  await confirmCurrentPassword(user.email, payload.current_password, 'body.current_password', deps.cognito);
  const newEmail = payload.new_email;
  const takenLanguage = sameAddress(newEmail, user.email)
    ? user.language
    : await ownerLanguage(newEmail, user.id, user.language, deps);
  await issueCodeOrNameField('body.new_email', 'new_email', async () => {
    if (takenLanguage) {
      await mailInLanguage(
        {
          to: newEmail,
          language: takenLanguage,
          subject: message('MAIL_EMAIL_CHANGE_TAKEN_SUBJECT'),
          body: message('MAIL_EMAIL_CHANGE_TAKEN_BODY'),
        },
        deps,
      );
      return;
    }
    await issueCode(
      user.id,
      'EMAIL',
      {
        to: newEmail,
        language: user.language,
        subject: message('MAIL_EMAIL_CHANGE_SUBJECT'),
        body: (code) => message('MAIL_EMAIL_CHANGE_BODY', { code, minutes: MAIL_CODE_RULES.ttlMinutes }),
      },
      deps,
      { new_email: newEmail },
    );
  });
  return ACCEPTED;
}

/** Moves the profile and the pool from one address to another; the claim decides who gets `to`. */
async function moveAddress(
  userId: string,
  from: string,
  to: string,
  holdFromSeconds: number,
  deps: EmailChangeDeps,
): Promise<'moved' | 'taken' | 'changed'> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const outcome = await deps.claims.move({
    userId,
    from,
    to,
    nowSeconds,
    holdToUntil: nowSeconds + UNDO_SECONDS,
    holdFromUntil: nowSeconds + holdFromSeconds,
  });
  if (outcome !== 'moved') return outcome;
  try {
    await deps.identity.setEmail(userId, to);
  } catch (error: unknown) {
    // The pool refused: the profile goes back, so the two never disagree.
    logger.warn('address not moved in the user pool', {
      error: error instanceof Error ? error.message : String(error),
    });
    await deps.claims.move({
      userId,
      from: to,
      to: from,
      nowSeconds,
      holdToUntil: nowSeconds + UNDO_SECONDS,
      holdFromUntil: nowSeconds,
    });
    throw new ServiceUnavailableError();
  }
  return 'moved';
}

/**
 * Uses the code up and moves the account to the new address, unless another account has it or got it
 * first (the same 400 naming the code either way); then mails the old address its undo link.
 */
export async function confirmEmailChange(userId: string, code: string, deps: EmailChangeDeps) {
  const stored = await useCode(userId, 'EMAIL', code, deps);
  const newEmail = stored.new_email;
  if (!newEmail) throw invalidCode();
  const user = await profileOf(userId, deps);
  const oldEmail = user.email;
  if (await ownerLanguage(newEmail, userId, user.language, deps)) throw addressTaken();
  const outcome = await moveAddress(userId, oldEmail, newEmail, UNDO_SECONDS, deps);
  if (outcome === 'taken') throw addressTaken();
  if (outcome === 'changed') throw invalidCode();
  const token = await signEmailUndoToken({ userId, oldEmail, newEmail }, deps.secret, deps.now());
  const url = `${deps.siteUrl.replace(/\/$/, '')}/email-change/undo?token=${token}`;
  try {
    await mailInLanguage(
      {
        to: oldEmail,
        language: user.language,
        subject: message('MAIL_EMAIL_CHANGED_SUBJECT'),
        body: message('MAIL_EMAIL_CHANGED_BODY', { email: newEmail, url, days: EMAIL_UNDO_DAYS }),
      },
      deps,
    );
  } catch (error: unknown) {
    // The change is made; a notice that cannot go out is logged, not turned into a failed change.
    logger.warn('e-mail change notice not mailed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return profileOf(userId, deps);
}

/**
 * The undo link: while the account still has the address the token names as new, moves it back to
 * the old one, releases the new one and ends every session of the account (`tokens_revoked_at`).
 * Any other case (forged, expired, used, changed since) is the same 400 naming the token.
 */
export async function undoEmailChange(
  token: string,
  deps: EmailChangeDeps,
): Promise<{ restored: true; email: string }> {
  const claims = await verifyEmailUndoToken(token, deps.secret, deps.now());
  if (!claims) throw undoInvalid();
  const user = await deps.users.get(claims.userId);
  if (!user || !sameAddress(user.email, claims.newEmail)) throw undoInvalid();
  const outcome = await moveAddress(user.id, user.email, claims.oldEmail, 0, deps);
  if (outcome !== 'moved') throw undoInvalid();
  // Every area refuses the older tokens and no session gets a new one (auth/session-revocation.ts).
  await deps.endSessions(user.id);
  return { restored: true, email: claims.oldEmail };
}

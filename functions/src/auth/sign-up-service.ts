import { MAIL_CODE_RULES, type SignUpConfirm } from '@app/shared/domain/entities/mail';
import {
  meetsPasswordPolicy,
  type AuthResponse,
  type RegistrationPayload,
} from '@app/shared/domain/entities/user';
import type { Language } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { hashAddress } from '../notifications/mail-code';
import { authResponse, weakPassword, type AuthDeps } from './auth-service';
import { EmailTakenError, WeakPasswordError } from './cognito-gateway';
import { countRequest, invalidCode, queueCode, useCode, type MailCodeDeps } from './mail-code-service';

/*
 * Sign-up confirmed by e-mail, so that sign-up tells nobody which addresses have an account
 * (docs/accounts.md "Sign-up"). The first step answers the same for every address, and does the same
 * work: a new one gets a code, one that already has an account gets a notice instead, both through
 * the mail queue (notifications/mail-queue.ts), never the mail server in the request. Nothing is
 * created in the user pool before the code comes back with the password; until then a pending row
 * keyed by the address's hash holds the names and preferences (never the password) and expires. An
 * address with an account gets that row too, with a code nobody is told: it could only ever be
 * refused as a wrong code, since the pool already has the address.
 */

export interface SignUpDeps {
  auth: AuthDeps;
  mailCodes: MailCodeDeps;
}

const ACCEPTED = { accepted: true } as const;

/** The language to write to the address's account, or null when no account has the address. */
async function accountLanguage(
  email: string,
  fallback: Language,
  deps: SignUpDeps,
): Promise<Language | null> {
  // Both asked every time, so a known and a new address cost the same calls.
  const profile = await deps.auth.users.findByEmail(email);
  const inPool = await deps.auth.cognito.emailOf(email);
  if (profile) return profile.language;
  // An account made outside the API (the seed, the console) has no profile until its first sign-in.
  return inPool === null ? null : fallback;
}

/**
 * The first step. Every address counts against its hourly limit, gets a pending row and exactly one
 * queued mail; the answer is the same. A second request for an address still pending replaces its code
 * and details, so an address someone else started is taken back by whoever reads its mail. A recipient
 * the mail server refuses is now the queue consumer's to log: the answer cannot depend on the address.
 */
export async function startSignUp(
  payload: RegistrationPayload,
  requestLanguage: Language,
  deps: SignUpDeps,
): Promise<typeof ACCEPTED> {
  // The contract checks it too; kept so the service never mails a code for a password it would refuse.
  if (!meetsPasswordPolicy(payload.password)) throw weakPassword();
  const codes = deps.mailCodes;
  await countRequest('SIGNUP', payload.email, codes);
  const language = payload.language ?? requestLanguage;
  const existingLanguage = await accountLanguage(payload.email, language, deps);
  const mail = existingLanguage
    ? {
        to: payload.email,
        language: existingLanguage,
        subject: message('MAIL_SIGN_UP_EXISTING_SUBJECT'),
        body: () => message('MAIL_SIGN_UP_EXISTING_BODY'),
      }
    : {
        to: payload.email,
        language,
        subject: message('MAIL_SIGN_UP_SUBJECT'),
        body: (code: string) => message('MAIL_SIGN_UP_BODY', { code, minutes: MAIL_CODE_RULES.ttlMinutes }),
      };
  await queueCode(hashAddress(codes.secret, payload.email), 'SIGNUP', mail, codes, {
    // `payload.role` is ignored on purpose: every account is a USER on the FREE tier.
    sign_up: {
      email: payload.email,
      first_name: payload.first_name,
      last_name: payload.last_name,
      language,
      theme: payload.theme ?? 'dark',
    },
  });
  return ACCEPTED;
}

/**
 * The second step: the code (used up here), then the account with the password given now, its
 * profile with the details of the first step, and a sign-in. An unknown address, a wrong, expired or
 * used code, and an address that got an account meanwhile all answer as a wrong code.
 */
export async function confirmSignUp(payload: SignUpConfirm, deps: SignUpDeps): Promise<AuthResponse> {
  const stored = await useCode(
    hashAddress(deps.mailCodes.secret, payload.email),
    'SIGNUP',
    payload.code,
    deps.mailCodes,
  );
  const pending = stored.sign_up;
  if (!pending) throw invalidCode();
  let sub: string;
  try {
    sub = await deps.auth.cognito.createUser(
      pending.email,
      payload.password,
      pending.first_name,
      pending.last_name,
    );
  } catch (error: unknown) {
    if (error instanceof EmailTakenError) throw invalidCode();
    if (error instanceof WeakPasswordError) throw weakPassword();
    throw error;
  }
  const user = await deps.auth.users.create({
    id: sub,
    email: pending.email,
    first_name: pending.first_name,
    last_name: pending.last_name,
    role: 'USER',
    subscription_tier: 'FREE',
    language: pending.language,
    theme: pending.theme,
    created_at: deps.auth.now().toISOString(),
  });
  const tokens = await deps.auth.cognito.signIn(pending.email, payload.password);
  return authResponse(tokens, user);
}

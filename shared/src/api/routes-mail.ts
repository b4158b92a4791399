import {
  EmailChangeConfirmSchema,
  EmailChangeRequestSchema,
  MailCodeSentSchema,
  PasswordResetConfirmSchema,
  PasswordResetDoneSchema,
  PasswordResetRequestSchema,
} from '../domain/entities/mail';
import { UserSchema } from '../domain/entities/user';
import { defineRoute } from './route';

/** The auth area's e-mailed codes: password reset (signed out) and e-mail change (signed in). */
export const mailCodeRoutes = {
  requestPasswordReset: defineRoute({
    id: 'auth.requestPasswordReset',
    method: 'POST',
    path: '/api/auth/password-reset',
    area: 'auth',
    access: 'public',
    summary:
      'Mail a single-use reset code to the address if an account has it; the answer is the same either way. A few requests per address and hour.',
    body: PasswordResetRequestSchema,
    response: MailCodeSentSchema,
    rateClass: 'write',
  }),
  confirmPasswordReset: defineRoute({
    id: 'auth.confirmPasswordReset',
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    area: 'auth',
    access: 'public',
    summary: 'Set a new password with the mailed code; a code works once, for a few minutes.',
    body: PasswordResetConfirmSchema,
    response: PasswordResetDoneSchema,
    rateClass: 'write',
  }),
  requestEmailChange: defineRoute({
    id: 'auth.requestEmailChange',
    method: 'POST',
    path: '/api/auth/email-change',
    area: 'auth',
    access: 'user',
    summary:
      'Mail a verification code to the new address; the account keeps its address until the code is confirmed.',
    body: EmailChangeRequestSchema,
    response: MailCodeSentSchema,
    errors: [409],
    rateClass: 'write',
  }),
  confirmEmailChange: defineRoute({
    id: 'auth.confirmEmailChange',
    method: 'POST',
    path: '/api/auth/email-change/confirm',
    area: 'auth',
    access: 'user',
    summary: 'Confirm the new address with its code: the account signs in with it from now on.',
    body: EmailChangeConfirmSchema,
    response: UserSchema,
    errors: [409],
    rateClass: 'write',
  }),
} as const;

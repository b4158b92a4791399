import {
  EmailChangeConfirmSchema,
  EmailChangeRequestSchema,
  EmailChangeUndoneSchema,
  EmailChangeUndoSchema,
  MailCodeSentSchema,
  PasswordResetConfirmSchema,
  PasswordResetDoneSchema,
  PasswordResetRequestSchema,
} from '../domain/entities/mail';
import { UserSchema } from '../domain/entities/user';
import { defineRoute } from './route';

/**
 * The auth area's e-mailed codes: password reset (signed out), e-mail change (signed in) and its undo
 * link (signed out: whoever reads the old address's mail).
 */
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
      'With the current password, mail a verification code to the new address (an address that has an account gets a notice instead); the answer is the same either way, and the account keeps its address until the code is confirmed.',
    body: EmailChangeRequestSchema,
    response: MailCodeSentSchema,
    successStatus: 202,
    rateClass: 'write',
  }),
  confirmEmailChange: defineRoute({
    id: 'auth.confirmEmailChange',
    method: 'POST',
    path: '/api/auth/email-change/confirm',
    area: 'auth',
    access: 'user',
    summary:
      'Confirm the new address with its code: the account signs in with it from now on, and the old address is mailed a link that undoes the change for 7 days. An address another account took meanwhile is a 400 naming the code.',
    body: EmailChangeConfirmSchema,
    response: UserSchema,
    rateClass: 'write',
  }),
  undoEmailChange: defineRoute({
    id: 'auth.undoEmailChange',
    method: 'POST',
    path: '/api/auth/email-change/undo',
    area: 'auth',
    access: 'public',
    summary:
      'With the signed link mailed to the old address: move the account back to it and end every session, so its owner can reset the password. Works for 7 days, while the account still has the address it was moved to.',
    body: EmailChangeUndoSchema,
    response: EmailChangeUndoneSchema,
    rateClass: 'write',
  }),
} as const;

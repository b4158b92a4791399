import * as z from 'zod';
import { MarketAlertTypeSchema } from '../enums';
import { CurrentPasswordSchema } from './account';
import { EmailInputSchema, NewPasswordSchema } from './user';

/*
 * E-mailed codes (password reset, e-mail change) and the one-click unsubscribe of alert mails
 * (docs/product.md "Accounts and e-mail").
 */

/** How long an e-mailed code is valid, how many wrong tries kill it, how many may be asked per hour. */
export const MAIL_CODE_RULES = {
  ttlMinutes: 15,
  maxAttempts: 5,
  requestsPerAddressPerHour: 3,
} as const;

/** The UTC hour at which the daily digest mails the day's alerts (EventBridge in the cloud, the local scheduler). */
export const DIGEST_HOUR_UTC = 7;

/**
 * Where an alert mail's List-Unsubscribe header points (RFC 8058 one-click): the route's path, kept
 * here so the jobs that write mails need not bundle the public area's routes.
 */
export const UNSUBSCRIBE_ONE_CLICK_PATH = '/api/unsubscribe/one-click';

/** Six digits, as the mail shows them. */
export const MailCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const PasswordResetRequestSchema = z.strictObject({ email: EmailInputSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** The same answer whether or not an account has the address: nothing to enumerate. */
export const MailCodeSentSchema = z.object({ accepted: z.literal(true) });

export const PasswordResetConfirmSchema = z.strictObject({
  email: EmailInputSchema,
  code: MailCodeSchema,
  new_password: NewPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

export const PasswordResetDoneSchema = z.object({ reset: z.literal(true) });

/**
 * Sign-up's second step: the code mailed to the address, and the password, which is stored nowhere
 * before the address is proven (the site sends the one typed at the first step).
 */
export const SignUpConfirmSchema = z.strictObject({
  email: EmailInputSchema,
  code: MailCodeSchema,
  password: NewPasswordSchema,
});
export type SignUpConfirm = z.infer<typeof SignUpConfirmSchema>;

/** An e-mail change is asked with the current password (docs/accounts.md "Sensitive changes"). */
export const EmailChangeRequestSchema = z.strictObject({
  new_email: EmailInputSchema,
  current_password: CurrentPasswordSchema,
});
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;

export const EmailChangeConfirmSchema = z.strictObject({ code: MailCodeSchema });

/** The signed token of the undo link mailed to the address an account left (compact JWS). */
export const EmailChangeUndoSchema = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(2048)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
});

export const EmailChangeUndoneSchema = z.object({
  restored: z.literal(true),
  /** The address the account signs in with again. */
  email: z.string(),
});

/** The channels a mail can be turned off on: the alert mail itself or the daily digest. */
export const MAIL_CHANNELS = ['email', 'digest'] as const;
export const MailChannelSchema = z.enum(MAIL_CHANNELS);
export type MailChannel = z.infer<typeof MailChannelSchema>;

/** A signed token from a mail's unsubscribe link (compact JWS). */
export const UnsubscribePayloadSchema = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(2048)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/),
});

/**
 * The one-click unsubscribe (RFC 8058): the token rides in the List-Unsubscribe address's query, since
 * a mail client posts only `List-Unsubscribe=One-Click` as the body.
 */
export const UnsubscribeOneClickQuerySchema = UnsubscribePayloadSchema;

export const UnsubscribeResultSchema = z.object({
  unsubscribed: z.literal(true),
  alert_type: MarketAlertTypeSchema,
  channel: MailChannelSchema,
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

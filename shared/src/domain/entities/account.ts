import * as z from 'zod';
import { NewPasswordSchema } from './user';
import { IsoDateTimeSchema } from './common';

/**
 * The account's own operations (docs/accounts.md): password change, sign out of
 * every session, the data export and the account's deletion. The password fields are bounded like the
 * sign-in form's; the new one meets THE password policy.
 */
export const CurrentPasswordSchema = z.string().min(1).max(256);

export const ChangePasswordPayloadSchema = z.strictObject({
  current_password: CurrentPasswordSchema,
  new_password: NewPasswordSchema,
});
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayloadSchema>;

/** Turning the authenticator (TOTP) off is asked with the current password, like a password change. */
export const TwoFactorOffPayloadSchema = z.strictObject({ current_password: CurrentPasswordSchema });
export const TwoFactorOffSchema = z.object({ two_factor: z.literal(false) });

export const SignedOutEverywhereSchema = z.object({
  /** Tokens issued before this instant are refused from now on. */
  revoked_before: IsoDateTimeSchema,
});

/** "Download my data": one zip archive (JSON and CSV), base64 in the JSON answer. */
export const AccountExportSchema = z.object({
  file_name: z.string(),
  media_type: z.literal('application/zip'),
  content_base64: z.string(),
  /** How many stored records the archive holds (every file of `records/` together). */
  record_count: z.number().int().nonnegative(),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const DeleteAccountPayloadSchema = z.strictObject({
  password: CurrentPasswordSchema,
});

export const AccountDeletedSchema = z.object({
  deleted: z.literal(true),
  /** Records erased, and invoices or credit notes kept under a pseudonym for the legal period. */
  erased_records: z.number().int().nonnegative(),
  retained_documents: z.number().int().nonnegative(),
});
export type AccountDeleted = z.infer<typeof AccountDeletedSchema>;

import * as z from 'zod';
import { fieldCode } from '../../messages/field-issues';
import { LanguageSchema, RoleSchema, ThemeSchema, TierSchema } from '../enums';
import { IsoDateTimeSchema } from './common';

/**
 * THE password policy (docs/product.md "Business rules and limits"): the sign-up form's hint and
 * checks, the API's check, the local user pool (infra/local/cognito-local.ts) and the CDK user pool
 * (infra/lib/stacks/auth-stack.ts, whose test compares the two) all read these numbers.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

/** Whether a password meets the policy. */
export function meetsPasswordPolicy(password: string): boolean {
  if (password.length < PASSWORD_POLICY.minLength) return false;
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) return false;
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) return false;
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) return false;
  return true;
}

/** The policy as a zod check: one message naming the field and the minimum length when it fails. */
export const NewPasswordSchema = z
  .string()
  .max(256)
  .superRefine((password, context) => {
    if (meetsPasswordPolicy(password)) return;
    context.addIssue({
      code: 'custom',
      message: 'AUTH_PASSWORD_POLICY',
      params: { minimum: PASSWORD_POLICY.minLength },
    });
  });

export const UserSchema = z.object({
  id: z.string().describe('Cognito sub'),
  email: z.email(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
  subscription_tier: TierSchema.default('FREE'),
  language: LanguageSchema.default('en'),
  theme: ThemeSchema.default('dark'),
  created_at: IsoDateTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

export const EmailInputSchema = z.email().trim().toLowerCase().max(254);

export const RegistrationPayloadSchema = z.strictObject({
  email: EmailInputSchema,
  password: NewPasswordSchema,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().max(100).default(''),
  /** Always sent as USER by the site; the server ignores it (nobody can make themselves ADMIN). */
  role: z.string().max(20).optional(),
  /**
   * The visitor's current choices, which the new profile keeps (docs/product.md "Who it is for"); without
   * them, the request's language (Accept-Language) and the dark theme.
   */
  language: LanguageSchema.optional(),
  theme: ThemeSchema.optional(),
});
export type RegistrationPayload = z.infer<typeof RegistrationPayloadSchema>;

export const LoginPayloadSchema = z.strictObject({
  email: EmailInputSchema,
  password: z.string().min(1).max(256),
  /** The authenticator app's 6-digit code, for an account with a second factor. */
  totp_code: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
});
export type LoginPayload = z.infer<typeof LoginPayloadSchema>;

export const AuthResponseSchema = z.object({
  access_token: z.string(),
  id_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** Profile and preferences the settings screen saves (applied at sign-in on any device). */
export const UpdateProfilePayloadSchema = z
  .strictObject({
    first_name: z.string().trim().min(1).max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
    language: LanguageSchema.optional(),
    theme: ThemeSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, fieldCode('FIELD_NOTHING_TO_CHANGE'));
export type UpdateProfilePayload = z.infer<typeof UpdateProfilePayloadSchema>;

/**
 * The contact form: the same schema checks the form in the browser and the message at the API
 * (contact.ts adds the honeypot and the stored message). Lengths bound what one message may store.
 */
export const ContactFormSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: EmailInputSchema,
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

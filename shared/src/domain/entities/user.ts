import * as z from 'zod';
import { LanguageSchema, RoleSchema, ThemeSchema, TierSchema } from '../enums';
import { IsoDateTimeSchema } from './common';

/** The sign-up form's minimum (docs/product.md "Business rules and limits"); the pool's policy is stricter. */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * The user pool's password policy (the CDK auth stack and the local pool use these numbers). It is
 * stricter than the spec's client-side minimum of 6; the API explains it when a password falls short.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
} as const;

/** The reason a password breaks the pool's policy, or null when it meets it. */
export function passwordPolicyProblem(password: string): string | null {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength)
    problems.push(`at least ${PASSWORD_POLICY.minLength} characters`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('a digit');
  return problems.length === 0 ? null : `must contain ${problems.join(', ')}`;
}

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

const EmailInputSchema = z.email('must be an email address').trim().toLowerCase().max(254);

export const RegistrationPayloadSchema = z.strictObject({
  email: EmailInputSchema,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256),
  first_name: z.string().trim().min(1, 'is required').max(100),
  last_name: z.string().trim().max(100).default(''),
  /** Always sent as USER by the site; the server ignores it (nobody can make themselves ADMIN). */
  role: z.string().max(20).optional(),
});
export type RegistrationPayload = z.infer<typeof RegistrationPayloadSchema>;

export const LoginPayloadSchema = z.strictObject({
  email: EmailInputSchema,
  password: z.string().min(1, 'is required').max(256),
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
    first_name: z.string().trim().min(1, 'is required').max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
    language: LanguageSchema.optional(),
    theme: ThemeSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'must change at least one field' });
export type UpdateProfilePayload = z.infer<typeof UpdateProfilePayloadSchema>;

/** The contact form, submitted locally only, never to the server (docs/product.md "Entities"). */
export const ContactFormSchema = z.object({
  name: z.string().trim().min(1),
  email: z.email(),
  subject: z.string().trim().min(1),
  message: z.string().trim().min(1),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

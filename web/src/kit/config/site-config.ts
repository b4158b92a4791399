import * as z from 'zod/mini';

/**
 * What the operator of a deployment sets when building the investor site (Vite build-time variables,
 * so the prerendered public pages carry it without a request): who runs the service and how to reach
 * them, shown on the contact page. VITE_OPERATOR_NAME and VITE_OPERATOR_EMAIL go together;
 * VITE_OPERATOR_ADDRESS is optional. Unset, the contact page says no details are configured.
 */
const OperatorSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1)),
  email: z.email(),
  postalAddress: z.optional(z.string().check(z.trim(), z.minLength(1))),
});
export type OperatorContact = z.infer<typeof OperatorSchema>;

export class SiteConfigError extends Error {
  override readonly name = 'SiteConfigError';
}

/** The operator from build variables; null when none is set, an error when half set or malformed. */
export function operatorFromEnvironment(
  env: Record<string, string | boolean | undefined>,
): OperatorContact | null {
  const text = (key: string) => {
    const value = env[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const name = text('VITE_OPERATOR_NAME');
  const email = text('VITE_OPERATOR_EMAIL');
  const postalAddress = text('VITE_OPERATOR_ADDRESS');
  if (!name && !email && !postalAddress) return null;
  const parsed = OperatorSchema.safeParse({ name, email, ...(postalAddress ? { postalAddress } : {}) });
  if (!parsed.success) {
    throw new SiteConfigError(
      'VITE_OPERATOR_NAME and VITE_OPERATOR_EMAIL (a valid email address) must be set together',
    );
  }
  return parsed.data;
}

/** The operator this build was made for. */
export const OPERATOR_CONTACT: OperatorContact | null = operatorFromEnvironment(import.meta.env);

import * as z from 'zod';

/**
 * The runtime configuration served at `/config.json` (the local stack and CloudFront), so one build
 * runs in every environment. Parsed once at start; a bad file stops the site with a clear message.
 */
export const RuntimeConfigSchema = z.object({
  apiUrl: z.string().min(1),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  /** The admin app client of the user pool. */
  userPoolClientId: z.string().min(1),
  /** Local stack only: the cognito-local URL Amplify talks to instead of AWS. */
  userPoolEndpoint: z.url().optional(),
  /** Local stack: USER_PASSWORD_AUTH (cognito-local has no SRP); the cloud leaves it out (SRP). */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']).optional(),
  dataMode: z.enum(['replay', 'live']),
  stage: z.string().min(1),
  investorSiteUrl: z.url(),
  adminSiteUrl: z.url(),
  /** Local stack only: the seeded admin, shown on the login screen (part 2 section 2). */
  demoAdmin: z.object({ email: z.string().min(1), password: z.string().min(1) }).optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/config.json';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  const parsed = RuntimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is invalid: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

import * as z from 'zod/mini';

/**
 * The runtime configuration every environment serves at `/config.json` to both sites (the local stack
 * and the CloudFront distributions), so one build runs everywhere. Parsed once at start; a bad file stops
 * the app with a clear message instead of failing later in a corner. zod/mini keeps this parser out
 * of the way of the home page's size budget.
 */
export const RuntimeConfigSchema = z.object({
  apiUrl: z.string().check(z.minLength(1)),
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  /** The site's own app client of the user pool (the admin site has its own). */
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Local stack only: the cognito-local URL Amplify talks to instead of AWS. */
  userPoolEndpoint: z.optional(z.url()),
  /** Local stack: USER_PASSWORD_AUTH (cognito-local has no SRP); the cloud leaves it out (SRP). */
  authFlowType: z.optional(z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'])),
  dataMode: z.enum(['replay', 'live']),
  stage: z.string().check(z.minLength(1)),
  investorSiteUrl: z.url(),
  adminSiteUrl: z.url(),
  /**
   * With the Stripe gateway (README "Taking real payments with Stripe"): Stripe's publishable key for
   * the investor site's Stripe.js card form. Absent, the checkout shows the sandbox's form.
   */
  stripePublishableKey: z.optional(z.string().check(z.regex(/^pk_(live|test)_[A-Za-z0-9]+$/))),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/config.json';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  // The default cache mode, so the signed-in shell's <link rel="preload"> (web/scripts/prerender.ts) is used;
  // every server sends the file uncacheable or to revalidate (infra/local/static-site-server.ts, the
  // CloudFront deployment's max-age=0, must-revalidate), so it is never read stale.
  const response = await fetchImpl(RUNTIME_CONFIG_PATH);
  if (!response.ok) throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  const parsed = RuntimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is invalid: ${problems}`);
  }
  return parsed.data;
}

let pending: Promise<RuntimeConfig> | null = null;

/**
 * The configuration, fetched once. On the investor site only the routes that need it (the signed-in
 * area, /admin) ask, so the public pages neither wait for it nor download its parser.
 */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= loadRuntimeConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

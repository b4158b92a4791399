import { z } from 'zod';

/**
 * Environment of every function, parsed once and validated (fail fast with the variable's name).
 * In the cloud the CDK stacks set these; the local stack sets the same names.
 */
const ConfigSchema = z.object({
  STAGE: z.string().min(1).default('local'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  DATA_MODE: z.enum(['replay', 'live']).default('replay'),
  TABLE_USERS: z.string().min(1).default('nugget-local-users'),
  TABLE_HOLDINGS: z.string().min(1).default('nugget-local-holdings'),
  TABLE_USAGE: z.string().min(1).default('nugget-local-usage'),
  TABLE_MODERATION: z.string().min(1).default('nugget-local-moderation'),
  TABLE_MARKET: z.string().min(1).default('nugget-local-market'),
  TABLE_IDEMPOTENCY: z.string().min(1).default('nugget-local-idempotency'),
  /** Set only locally: the DynamoDB Local and cognito-local endpoints. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  USER_POOL_ID: z.string().min(1).default('local_pool'),
  /** App clients whose access tokens the API accepts (investor site, admin site), comma-separated. */
  USER_POOL_CLIENT_IDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  /** The app client the auth area signs users in with (USER_PASSWORD_AUTH). */
  AUTH_CLIENT_ID: z.string().default(''),
  /** Defaults to Cognito's issuer for the pool; the local stack points it at cognito-local. */
  JWT_ISSUER: z.url().optional(),
  JWKS_URL: z.url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** Check every response against the contract before sending it (on locally and in tests). */
  VALIDATE_RESPONSES: z.stringbool().default(true),
  /** Where per-request cost records go besides the EMF metrics: the usage table, or nowhere. */
  COST_RECORDS: z.enum(['dynamodb', 'off']).default('off'),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
});

export type Config = z.infer<typeof ConfigSchema> & { jwtIssuer: string; jwksUrl: string };

let cached: Config | undefined;

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  const jwtIssuer =
    value.JWT_ISSUER ?? `https://cognito-idp.${value.AWS_REGION}.amazonaws.com/${value.USER_POOL_ID}`;
  return { ...value, jwtIssuer, jwksUrl: value.JWKS_URL ?? `${jwtIssuer}/.well-known/jwks.json` };
}

export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests and the local stack change the environment between runs. */
export function resetConfigForTests(): void {
  cached = undefined;
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import { startHostedServer } from './emulator-host';
import type { ManagedProcess } from './processes';

const require = createRequire(import.meta.url);

export interface LocalPool {
  userPoolId: string;
  /** The investor site's, the admin site's and the API's app clients (no secrets, as in the cloud). */
  webClientId: string;
  adminClientId: string;
  apiClientId: string;
}

/**
 * cognito-local keeps its state in `<directory>/.cognito`; it has no SRP, so sites sign in with
 * USER_PASSWORD_AUTH. It listens on `port` behind the stand-in on `publicPort` (cognito-sign-out.ts),
 * and signs its tokens with the public address as issuer, the one everybody calls. It runs in the
 * shared emulator host (emulator-host.ts), which reads its port from the same config.json.
 */
export async function startCognitoLocal(
  port: number,
  directory: string,
  publicPort: number,
): Promise<ManagedProcess> {
  const configDirectory = join(directory, '.cognito');
  mkdirSync(configDirectory, { recursive: true });
  const configFile = join(configDirectory, 'config.json');
  const saved = existsSync(configFile)
    ? (JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>)
    : {};
  const tokenConfig = { IssuerDomain: `http://127.0.0.1:${publicPort}` };
  const serverConfig = { port, hostname: '127.0.0.1' };
  writeFileSync(
    configFile,
    `${JSON.stringify({ ...saved, TokenConfig: tokenConfig, ServerConfig: serverConfig }, null, 2)}\n`,
  );
  return startHostedServer('cognito-local', 'cognito', { directory }, [port]);
}

export function localCognitoClient(port: number): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates the pool, its three app clients and the ADMIN group once; later starts reuse them. */
export async function ensurePool(
  client: CognitoIdentityProviderClient,
  directory: string,
): Promise<LocalPool> {
  const file = join(directory, 'pool.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as LocalPool;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }));
      return saved;
    } catch {
      // The state folder was wiped without the pool file: create a new pool.
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'nugget-local',
      UsernameAttributes: ['email'],
      // As the cloud pool: an authenticator app (TOTP) is offered, not required.
      MfaConfiguration: 'OPTIONAL',
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool?.Id as string;
  const makeClient = async (name: string) => {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: name,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    return created.UserPoolClient?.ClientId as string;
  };
  const saved: LocalPool = {
    userPoolId,
    webClientId: await makeClient('web'),
    adminClientId: await makeClient('admin'),
    apiClientId: await makeClient('api'),
  };
  await client.send(
    new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'ADMIN', Description: 'Administrators' }),
  );
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  return saved;
}

/** Creates a confirmed user with a permanent password unless it exists; returns its sub. */
export async function ensureUser(
  client: CognitoIdentityProviderClient,
  pool: LocalPool,
  user: { email: string; password: string; firstName: string; lastName: string; admin: boolean },
): Promise<string> {
  const subOf = (attributes: { Name?: string; Value?: string }[] | undefined) =>
    attributes?.find((attribute) => attribute.Name === 'sub')?.Value as string;
  try {
    const existing = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    return subOf(existing.UserAttributes);
  } catch {
    // Not there yet.
  }
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: user.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: user.firstName },
        { Name: 'family_name', Value: user.lastName },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: pool.userPoolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    }),
  );
  const sub = subOf(created.User?.Attributes);
  if (user.admin) {
    // cognito-local wants the real username (the sub) here, not the email.
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: sub, GroupName: 'ADMIN' }),
    );
  }
  return sub;
}

/**
 * Gives a seeded user an authenticator app (TOTP) unless it has one, and returns its secret. The secret
 * is kept beside the pool (`totp-secrets.json` in cognito-local's folder, never in a site's files), so an
 * app set up from it keeps working across restarts. The first code is made by cognito-local's own
 * generator, the one that checks it.
 */
export async function ensureTotp(
  client: CognitoIdentityProviderClient,
  pool: LocalPool,
  directory: string,
  user: { email: string; password: string },
): Promise<string> {
  const file = join(directory, 'totp-secrets.json');
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const existing = await client.send(
    new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
  );
  const enrolled = existing.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false;
  const saved = secrets[user.email];
  if (enrolled && saved) return saved;
  if (enrolled)
    throw new Error(`${user.email} has an authenticator app but ${file} is gone: restart with --reset`);
  const signedIn = await client.send(
    new InitiateAuthCommand({
      ClientId: pool.apiClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  const accessToken = signedIn.AuthenticationResult?.AccessToken as string;
  const associated = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  const secret = associated.SecretCode as string;
  const { generate } = require('cognito-local/lib/services/totp.js') as {
    generate: (secret: string) => string;
  };
  await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: generate(secret) }));
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  writeFileSync(file, `${JSON.stringify({ ...secrets, [user.email]: secret }, null, 2)}\n`);
  return secret;
}

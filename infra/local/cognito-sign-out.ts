import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as forwardRequest, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';

/**
 * cognito-local 5.3.0 has no AdminUserGlobalSignOut nor GlobalSignOut, and its refreshed access tokens
 * carry a new `auth_time`, so nothing in a refreshed token tells an ended session from a new one. This
 * stand-in listens on the pool's address, forwards every call to cognito-local, and adds what Cognito
 * does: a global sign-out records the second it happened (per user name, in the pool's folder, so a
 * restart keeps it), and a refresh with a refresh token issued at or before that second is refused with
 * Cognito's NotAuthorizedException (docs/accounts.md "Sign out of every session").
 */

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const REFRESH_FLOWS = ['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'];

type JsonObject = Record<string, unknown>;

/** The claims of a JWT, unverified: cognito-local verifies its own tokens on the calls it forwards to. */
function claimsOf(token: unknown): JsonObject {
  if (typeof token !== 'string') return {};
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as JsonObject;
  } catch {
    return {};
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export interface SignOutRecords {
  /** The second of the user's last global sign-out, or null. */
  signedOutAt(username: string): number | null;
  record(username: string, seconds: number): void;
}

/** Global sign-outs by user name, kept in `<directory>/global-sign-outs.json`. */
export function signOutRecordsIn(directory: string): SignOutRecords {
  const file = join(directory, 'global-sign-outs.json');
  const records: Record<string, number> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>)
    : {};
  return {
    signedOutAt: (username) => records[username] ?? null,
    record: (username, seconds) => {
      records[username] = seconds;
      writeFileSync(file, `${JSON.stringify(records)}\n`);
    },
  };
}

/** What the stand-in answers itself, or null to forward the call to cognito-local. */
export function answerOf(
  target: string,
  input: JsonObject,
  records: SignOutRecords,
  nowSeconds: number,
): { status: number; body: JsonObject } | null {
  const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  if (operation === 'AdminUserGlobalSignOut' || operation === 'GlobalSignOut') {
    const username =
      operation === 'GlobalSignOut' ? claimsOf(input.AccessToken).username : (input.Username as unknown);
    if (typeof username !== 'string' || username === '')
      return { status: 400, body: { __type: 'InvalidParameterException', message: 'No user name' } };
    records.record(username, nowSeconds);
    return { status: 200, body: {} };
  }
  if (
    (operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') &&
    REFRESH_FLOWS.includes(String(input.AuthFlow))
  ) {
    const parameters = (input.AuthParameters ?? {}) as JsonObject;
    const claims = claimsOf(parameters.REFRESH_TOKEN);
    const username = claims['cognito:username'];
    const signedOutAt = typeof username === 'string' ? records.signedOutAt(username) : null;
    if (signedOutAt !== null && Number(claims.iat ?? 0) <= signedOutAt)
      return {
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
      };
  }
  return null;
}

/** Starts the stand-in on `port`, in front of cognito-local on `targetPort`. */
export async function startCognitoSignOutStandIn(options: {
  port: number;
  targetPort: number;
  directory: string;
}): Promise<Server> {
  const records = signOutRecordsIn(options.directory);
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const target = String(request.headers['x-amz-target'] ?? '');
      if (request.method === 'POST' && target.startsWith(TARGET_PREFIX)) {
        let input: JsonObject = {};
        try {
          input = JSON.parse(body.toString('utf8') || '{}') as JsonObject;
        } catch {
          // Not JSON: cognito-local says so.
        }
        const answer = answerOf(target, input, records, Math.floor(Date.now() / 1000));
        if (answer) {
          response.writeHead(answer.status, {
            'Content-Type': 'application/x-amz-json-1.1',
            'Access-Control-Allow-Origin': '*',
            ...(answer.status >= 400 ? { 'x-amzn-errortype': String(answer.body.__type) } : {}),
          });
          response.end(JSON.stringify(answer.body));
          return;
        }
      }
      const forwarded = forwardRequest(
        {
          host: '127.0.0.1',
          port: options.targetPort,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, 'content-length': String(body.length) },
        },
        (upstream) => {
          response.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(response);
        },
      );
      forwarded.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      forwarded.end(body);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return server;
}

import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { contract } from '@app/shared/api';
import { localCognitoClient } from '@app/infra/local/cognito-local';
import { tableName } from '@app/infra/lib/table-definitions';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { testCard } from '../src/billing';
import { codeIn, waitForMails } from '../src/mail-inbox';

/**
 * Ending sessions on the local stack (docs/accounts.md "Sign out of every session"): after sign out
 * everywhere, a password change or reset, or the account's deletion, a token issued before is refused
 * by every area of the API, a refresh token issued before no longer refreshes, and a deleted account's
 * token neither reads nor writes anything.
 */

const auth = contract.auth;
const portfolio = contract.portfolio;
const NEW_PASSWORD = 'Nugget-Revoked-2';

const me = (token: string) => api('GET', auth.me.path, { token });
const holdings = (token: string) => api('GET', portfolio.list.path, { token });
const cognito = () => localCognitoClient(Number(new URL(inject('stack').cognitoEndpoint).port));

/** Signs in as the site does (Amplify, straight to the identity service) and keeps the refresh token. */
async function signInWithRefreshToken(user: SignedInUser): Promise<{ access: string; refresh: string }> {
  const result = await cognito().send(
    new InitiateAuthCommand({
      ClientId: inject('stack').webClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  return {
    access: result.AuthenticationResult?.AccessToken as string,
    refresh: result.AuthenticationResult?.RefreshToken as string,
  };
}

/** A refresh: the new access token, or the identity service's refusal. */
async function refresh(refreshToken: string): Promise<string> {
  try {
    const result = await cognito().send(
      new InitiateAuthCommand({
        ClientId: inject('stack').webClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return result.AuthenticationResult?.AccessToken as string;
  } catch (error: unknown) {
    return `refused: ${error instanceof Error ? error.name : String(error)}`;
  }
}

/** Tokens carry whole seconds: the next sign-in must fall in a later second than the revocation. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('ending sessions', () => {
  it('a password change refuses the tokens issued before it, in every area', async () => {
    const user = await signUpInvestor('Changer');
    const older = await signInWithRefreshToken(user);

    const changed = await api(auth.changePassword.method, auth.changePassword.path, {
      token: user.token,
      body: { current_password: user.password, new_password: NEW_PASSWORD },
    });

    expect(changed.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(older.access)).status).toBe(401);
    expect((await holdings(older.access)).status).toBe(401);
    expect(await refresh(older.refresh)).toBe('refused: NotAuthorizedException');
  });

  it('a password reset by e-mailed code refuses the tokens issued before it', async () => {
    const user = await signUpInvestor('Resetter');
    const older = await signInWithRefreshToken(user);
    await api(auth.requestPasswordReset.method, auth.requestPasswordReset.path, {
      body: { email: user.email },
    });
    const mail = (await waitForMails(user.email, 2))[1];

    const reset = await api(auth.confirmPasswordReset.method, auth.confirmPasswordReset.path, {
      body: { email: user.email, code: codeIn(mail!), new_password: NEW_PASSWORD },
    });

    expect(reset.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await holdings(older.access)).status).toBe(401);
    expect(await refresh(older.refresh)).toBe('refused: NotAuthorizedException');
  });

  it('a refresh token from before sign out everywhere no longer refreshes; one from after does', async () => {
    const user = await signUpInvestor('Refresher');
    const older = await signInWithRefreshToken(user);

    const ended = await api(auth.signOutEverywhere.method, auth.signOutEverywhere.path, {
      token: user.token,
    });
    await nextSecond();
    const refreshedOld = await refresh(older.refresh);
    const newer = await signInWithRefreshToken(user);
    const refreshedNew = await refresh(newer.refresh);

    expect(ended.status).toBe(200);
    expect(refreshedOld).toBe('refused: NotAuthorizedException');
    expect((await holdings(newer.access)).status).toBe(200);
    expect((await holdings(refreshedNew)).status).toBe(200);
  });

  it('an old token stops working in an area that read the account before, within the configured cache time', async () => {
    // The stack's processes keep a user's session state this long (30 s in the cloud; the test stack
    // sets it short: tests/vitest.config.ts), so the refusal is measured against the configured value.
    const cacheSeconds = inject('stack').sessionStateCacheSeconds;
    const user = await signUpInvestor('Cached');
    // The portfolio area reads (and keeps for a while) the account's session state.
    expect((await holdings(user.token)).status).toBe(200);

    const ended = await api(auth.signOutEverywhere.method, auth.signOutEverywhere.path, {
      token: user.token,
    });
    const endedAt = Date.now();
    let status = (await holdings(user.token)).status;
    while (status === 200 && Date.now() - endedAt < (cacheSeconds + 5) * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await holdings(user.token)).status;
    }
    const refusedAfterSeconds = (Date.now() - endedAt) / 1000;

    expect(ended.status).toBe(200);
    expect(status).toBe(401);
    // One second of slack for the polling request's own time on a loaded machine.
    expect(refusedAfterSeconds).toBeLessThanOrEqual(cacheSeconds + 1);
  }, 60_000);

  it('a deleted account’s token neither reads nor writes anything, and a second deletion is a 401', async () => {
    const user = await signUpInvestor('Deleted');
    const deleted = await api(auth.deleteAccount.method, auth.deleteAccount.path, {
      token: user.token,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(200);

    const attempts = {
      transaction: await api(portfolio.addTransaction.method, portfolio.addTransaction.path, {
        token: user.token,
        body: { type: 'DEPOSIT', date: '2024-01-02', amount: 1000, currency: 'USD' },
      }),
      holding: await api(portfolio.add.method, portfolio.add.path, {
        token: user.token,
        body: { symbol: 'AAPL', shares: 1, asset_type: 'stock' },
      }),
      ledgerSettings: await api(portfolio.saveLedgerSettings.method, portfolio.saveLedgerSettings.path, {
        token: user.token,
        body: { base_currency: 'EUR', cost_method: 'FIFO' },
      }),
      ledgerRead: await api(portfolio.listTransactions.method, portfolio.listTransactions.path, {
        token: user.token,
      }),
      contact: await api(contract.public.sendContactMessage.method, contract.public.sendContactMessage.path, {
        token: user.token,
        body: {
          name: 'Gone',
          email: user.email,
          subject: 'Still here?',
          message: 'A deleted account writes.',
        },
      }),
      paymentMethod: await api(
        contract.subscription.savePaymentMethod.method,
        contract.subscription.savePaymentMethod.path,
        { token: user.token, body: { card: testCard() } },
      ),
      wrongPasswordDeletion: await api(auth.deleteAccount.method, auth.deleteAccount.path, {
        token: user.token,
        body: { password: 'Not-The-Password-9' },
      }),
      me: await me(user.token),
    };

    const statuses = Object.fromEntries(
      Object.entries(attempts).map(([name, reply]) => [name, reply.status]),
    );
    expect(statuses).toEqual(Object.fromEntries(Object.keys(attempts).map((name) => [name, 401])));
    const stack = inject('stack');
    const client = createDocumentClient({ DYNAMODB_ENDPOINT: stack.dynamoEndpoint, AWS_REGION: 'us-east-1' });
    for (const table of ['users', 'holdings'] as const) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName('local', table),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `USER#${user.userId}` },
        }),
      );
      expect(Items ?? [], table).toEqual([]);
    }
  }, 60_000);
});

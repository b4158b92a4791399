import { createSignInLimiter, type SignInLimiter } from './sign-in-limiter';

/**
 * The sign-in limiter of `npm start` (sign-in-limiter.ts), wired to the product's mail: when an account
 * reaches its free failures, its owner gets one mail in their language (docs/accounts.md "Abuse").
 * Loaded after the functions' environment is set, as the handlers are.
 */
export async function createLocalSignInLimiter(log: (line: string) => void): Promise<SignInLimiter> {
  const { getConfig } = await import('@app/functions/config');
  const { createDocumentClient } = await import('@app/functions/platform/dynamo-client');
  const { createUsersRepository } = await import('@app/functions/data/users-repository');
  const { createProductMailer } = await import('@app/functions/notifications/mail-deps');
  const { mailRepeatedSignInFailures } = await import('@app/functions/auth/sign-in-alert');
  const config = getConfig();
  const client = createDocumentClient(config);
  const deps = {
    users: createUsersRepository(client, config.TABLE_USERS),
    mailer: createProductMailer(config, client),
  };
  return createSignInLimiter({
    onRepeatedFailures: (account, failures) => {
      // Off the request path: the answer does not wait for the mail, and a mail failure is only logged.
      mailRepeatedSignInFailures(account, failures, deps).catch((error: unknown) =>
        log(`local stack: the repeated sign-in failures mail was not sent: ${String(error)}`),
      );
    },
  });
}

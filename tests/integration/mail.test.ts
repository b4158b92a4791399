import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { MAIL_CODE_RULES } from '@app/shared/domain/entities/mail';
import { createAlertsRepository } from '@app/functions/data/alerts-repository';
import { createNotificationPreferencesRepository } from '@app/functions/data/notification-preferences-repository';
import { createUsersRepository } from '@app/functions/data/users-repository';
import type { SymbolSnapshot } from '@app/functions/engine/catalysts/user-alerts';
import { sendAlertDigests } from '@app/functions/notifications/alert-digest-mailing';
import { alertMailerOf } from '@app/functions/notifications/alert-mailing';
import { createMailer } from '@app/functions/platform/mail/mailer';
import { createSmtpTransport } from '@app/functions/platform/mail/smtp-transport';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { raiseUserAlerts } from '@app/functions/user-alerts/user-alerts-service';
import { tableName } from '@app/infra/lib/table-definitions';
import { api, signIn, signUpInvestor, STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { codeIn, mailsTo, rawHeader, waitForMails } from '../src/mail-inbox';
import { signUpThroughInbox } from '../src/sign-up-by-mail';

/*
 * The mail path on the real local stack: the API sends real SMTP to the stack's maildev and the tests
 * read its inbox over maildev's REST API. Reset codes work once; the reset request answers alike for
 * a known and an unknown address and is limited per address; an e-mail change waits for its code; an
 * alert mail arrives in the reader's language and its unsubscribe link turns that mail off.
 */

const reset = contract.auth.requestPasswordReset;
const confirmReset = contract.auth.confirmPasswordReset;
const NEW_PASSWORD = 'Nugget-Reset-2';

const askReset = (email: string) => api(reset.method, reset.path, { body: { email } });

describe('password reset by e-mailed code', () => {
  it('mails a code that sets a new password once; the same code is refused the second time', async () => {
    const user = await signUpInvestor('Reset');
    const asked = await askReset(user.email);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ accepted: true });
    // The first mail is the sign-up code; the second the reset code.
    const mail = (await waitForMails(user.email, 2))[1];
    expect(mail?.subject).toBe('Your Nugget Invest password reset code');
    const code = codeIn(mail!);

    const first = await api(confirmReset.method, confirmReset.path, {
      body: { email: user.email, code, new_password: NEW_PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ reset: true });
    await expect(signIn(user.email, NEW_PASSWORD)).resolves.toMatchObject({ userId: user.userId });
    await expect(signIn(user.email, STRONG_PASSWORD)).rejects.toThrow(/401/);

    const second = await api(confirmReset.method, confirmReset.path, {
      body: { email: user.email, code, new_password: 'Nugget-Reset-3' },
      headers: { 'accept-language': 'fr' },
    });
    expect(second.status).toBe(400);
    expect(JSON.stringify(second.body)).toContain('body.code');
    expect(JSON.stringify(second.body)).toContain('déjà utilisé');
    await expect(signIn(user.email, 'Nugget-Reset-3')).rejects.toThrow(/401/);
  });

  it('mails the reset in the language of the interface that asked and takes the address in any case (issue 46)', async () => {
    // A French profile asks from the Spanish interface, typing the address in another case than at sign-up.
    const typed = `Ana.Lopez-${randomUUID().slice(0, 8)}@Example.test`;
    const { webUrl, mailUrl } = inject('stack');
    await signUpThroughInbox(
      { webUrl, mailUrl },
      { email: typed, password: STRONG_PASSWORD, first_name: 'Ana', language: 'fr' },
    );

    const asked = await api(reset.method, reset.path, {
      body: { email: typed.toUpperCase() },
      headers: { 'accept-language': 'es' },
    });

    expect(asked.status).toBe(200);
    const mail = (await waitForMails(typed, 2))[1];
    expect(mail?.subject).toBe('Su código para restablecer la contraseña de Nugget Invest');
    const confirmed = await api(confirmReset.method, confirmReset.path, {
      body: { email: typed.toLowerCase(), code: codeIn(mail!), new_password: NEW_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    await expect(signIn(typed, NEW_PASSWORD)).resolves.toHaveProperty('token');
  });

  it('answers a known and an unknown address alike (same status, same body), mailing only the account', async () => {
    const user = await signUpInvestor('Known');
    const unknown = uniqueEmail('nobody');
    const known = await askReset(user.email);
    const stranger = await askReset(unknown);
    expect(stranger.status).toBe(known.status);
    expect(stranger.text).toBe(known.text);
    await waitForMails(user.email, 2);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it(`allows ${MAIL_CODE_RULES.requestsPerAddressPerHour} requests per address and hour, then a 429 with Retry-After, known or not`, async () => {
    const user = await signUpInvestor('Limited');
    for (const address of [user.email, uniqueEmail('nobody')]) {
      for (let index = 0; index < MAIL_CODE_RULES.requestsPerAddressPerHour; index += 1)
        expect((await askReset(address)).status).toBe(200);
      const refused = await askReset(address);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // Only the account's address received mail, one per accepted request (after its sign-up code).
    const mails = await waitForMails(user.email, 1 + MAIL_CODE_RULES.requestsPerAddressPerHour);
    expect(mails.filter((mail) => mail.subject === 'Your Nugget Invest password reset code')).toHaveLength(3);
  });
});

describe('e-mail change with verification', () => {
  it('keeps the old address until the code mailed to the new one is confirmed', async () => {
    const user = await signUpInvestor('Mover');
    const newEmail = uniqueEmail('moved');
    const asked = await api(contract.auth.requestEmailChange.method, contract.auth.requestEmailChange.path, {
      token: user.token,
      body: { new_email: newEmail, current_password: user.password },
    });
    expect(asked.status).toBe(202);
    const [mail] = await waitForMails(newEmail);
    expect((await api('GET', '/api/auth/me', { token: user.token })).body).toMatchObject({
      email: user.email,
    });

    const wrong = await api(contract.auth.confirmEmailChange.method, contract.auth.confirmEmailChange.path, {
      token: user.token,
      body: { code: codeIn(mail!) === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    const confirmed = await api(
      contract.auth.confirmEmailChange.method,
      contract.auth.confirmEmailChange.path,
      {
        token: user.token,
        body: { code: codeIn(mail!) },
      },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: user.userId, email: newEmail });
    await expect(signIn(newEmail, STRONG_PASSWORD)).resolves.toMatchObject({ userId: user.userId });
  });
});

describe('alert mails', () => {
  const { dynamoEndpoint, smtpPort, webUrl, mailUrl, mailTokenSecret } = inject('stack');
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  const alerts = createAlertsRepository(client, {
    holdings: tableName('local', 'holdings'),
    usage: tableName('local', 'usage'),
  });
  // The price poll's path (raiseUserAlerts) with the poll's mailing deps pointed at the stack's maildev;
  // the secret is the stack's (drawn for the run), so the API accepts the link's token.
  const mailAlert = alertMailerOf({
    preferences: createNotificationPreferencesRepository(client, tableName('local', 'holdings')),
    users: createUsersRepository(client, tableName('local', 'users')),
    mailer: createMailer(
      createSmtpTransport({ host: '127.0.0.1', port: smtpPort }),
      'Nugget <no-reply@nugget.test>',
      {
        isSuppressed: async () => false,
      },
    ),
    siteUrl: webUrl,
    secret: mailTokenSecret,
    now: () => new Date(),
  });
  /** A +7 % day on `symbol`: the price-movement rule fires (see tests/src/alerts.ts). */
  const raiseMove = (userId: string, symbol: string) =>
    raiseUserAlerts(
      {
        userId,
        holdings: [{ symbol, name: symbol }],
        snapshots: new Map([
          [
            symbol,
            {
              quote: { symbol, change_percent: 7, as_of: '2018-02-05' },
              analysis: {
                risk_metrics: { volatility_1month: 20, annualisation_factor: 252 },
                volume_analysis: { volume_ratio_20d: 1 },
              },
            } as unknown as SymbolSnapshot,
          ],
        ]),
        catalysts: [],
      },
      { alerts, now: () => new Date(), getTier: async () => 'FREE', mailAlert },
    );

  it('mails an alert in French to a French reader; its one-click header turns that mail off without a sign-in (RFC 8058)', async () => {
    const email = uniqueEmail('lecteur');
    const registered = await signUpThroughInbox(
      { webUrl, mailUrl },
      { email, password: STRONG_PASSWORD, first_name: 'Lecteur', language: 'fr' },
    );
    expect(registered.status).toBe(201);
    expect((await mailsTo(email))[0]?.subject).toBe("Votre code d'inscription Nugget Invest");
    const { access_token: token, user } = registered.body;
    const saved = await api<{ in_app: Record<string, boolean>; email: Record<string, boolean> }>(
      'GET',
      '/api/alerts/preferences',
      { token },
    );
    expect(saved.body.email.price_movement).toBe(false);
    const put = await api('PUT', '/api/alerts/preferences', {
      token,
      body: { in_app: saved.body.in_app, email: { ...saved.body.email, price_movement: true } },
    });
    expect(put.status).toBe(200);

    const first = await raiseMove(user.id, 'AAPL');
    expect(first.outcomes).toContain('written');
    const mail = (await waitForMails(email, 2))[1];
    expect(mail?.subject.startsWith('Alerte Nugget Invest : ')).toBe(true);
    expect(mail?.text).toContain('Le désactiver en un clic');
    const link = /(http:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    const token2 = new URL(link!).searchParams.get('token');
    // The header names the API's one-click route with the page link's token; the mail client POSTs there.
    const oneClick = `${webUrl}/api/unsubscribe/one-click?token=${token2}`;
    expect(await rawHeader(mail!, 'List-Unsubscribe')).toBe(`<${oneClick}>`);
    expect(await rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const clientPost = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clientPost.status).toBe(200);
    expect(await clientPost.json()).toEqual({
      unsubscribed: true,
      alert_type: 'price_movement',
      channel: 'email',
    });
    // The site page's route with the same token answers the same (a second click changes nothing).
    const off = await api(contract.public.unsubscribe.method, contract.public.unsubscribe.path, {
      body: { token: token2 },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ unsubscribed: true, alert_type: 'price_movement', channel: 'email' });
    const after = await api<{ email: Record<string, boolean>; in_app: Record<string, boolean> }>(
      'GET',
      '/api/alerts/preferences',
      { token },
    );
    expect(after.body.email.price_movement).toBe(false);
    expect(after.body.in_app.price_movement).toBe(true);

    const second = await raiseMove(user.id, 'MSFT');
    expect(second.outcomes).toContain('written');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The sign-up code and the first alert: nothing since.
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('sends the daily digest in the reader language with the day of alerts of the types chosen', async () => {
    const email = uniqueEmail('resumen');
    const registered = await signUpThroughInbox(
      { webUrl, mailUrl },
      { email, password: STRONG_PASSWORD, first_name: 'Lectora', language: 'es' },
    );
    const { access_token: token, user } = registered.body;
    const saved = await api<{ in_app: Record<string, boolean>; digest: Record<string, boolean> }>(
      'GET',
      '/api/alerts/preferences',
      { token },
    );
    await api('PUT', '/api/alerts/preferences', {
      token,
      body: { in_app: saved.body.in_app, digest: { ...saved.body.digest, price_movement: true } },
    });
    await raiseMove(user.id, 'AAPL');
    // E-mail is off for the type: nothing is mailed when the alert is raised.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Only the sign-up code.
    expect(await mailsTo(email)).toHaveLength(1);

    const outcome = await sendAlertDigests({
      preferences: createNotificationPreferencesRepository(client, tableName('local', 'holdings')),
      alerts,
      users: createUsersRepository(client, tableName('local', 'users')),
      mailer: createMailer(
        createSmtpTransport({ host: '127.0.0.1', port: smtpPort }),
        'no-reply@nugget.test',
        {
          isSuppressed: async () => false,
        },
      ),
      siteUrl: webUrl,
      secret: mailTokenSecret,
      now: () => new Date(),
    });
    expect(outcome.mailed).toBeGreaterThanOrEqual(1);
    const digest = (await waitForMails(email, 2))[1];
    expect(digest?.subject.startsWith('Sus alertas de Nugget Invest del ')).toBe(true);
    expect(digest?.text).toContain('AAPL');
    expect(digest?.text).toContain('Dejar de recibir el resumen de las alertas «Movimiento de precio»');
  });

  it('refuses an altered unsubscribe token with a 400 naming it, in the caller language', async () => {
    const refused = await api(contract.public.unsubscribe.method, contract.public.unsubscribe.path, {
      body: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      headers: { 'accept-language': 'es' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('body.token');
    expect(JSON.stringify(refused.body)).toContain('no es válido');
  });

  it('refuses an altered token on the one-click route with a 400 naming query.token, in the caller language', async () => {
    const route = contract.public.unsubscribeOneClick;
    const refused = await api(route.method, route.path, {
      query: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'accept-language': 'fr', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('query.token');
    expect(JSON.stringify(refused.body)).toContain("n'est pas valide");
  });
});

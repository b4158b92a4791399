import { describe, expect, it } from 'vitest';
import { alertMail, digestMail } from './alert-mail';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const LINKS = {
  siteUrl: 'https://invest.example/',
  secret: 'a-test-secret-of-at-least-thirty-two-characters',
  now: new Date('2030-01-10T12:00:00Z'),
};
const tokenOf = (text: string) => /unsubscribe\?token=(\S+)/.exec(text)?.[1] ?? '';

describe('alert mails', () => {
  it('words an alert mail in Spanish with a working unsubscribe link and RFC 8058 one-click headers', async () => {
    const mail = await alertMail(
      { userId: 'user-9', email: 'ana@example.test', language: 'es' },
      { type: 'earnings', title: 'MSFT publica resultados', message: 'Resultados el 25 de enero.' },
      LINKS,
    );
    expect(mail.to).toBe('ana@example.test');
    expect(mail.subject).toBe('Alerta de Nugget Invest: MSFT publica resultados');
    expect(mail.text).toContain('Ver todas sus alertas: https://invest.example/alerts');
    expect(mail.text).toContain('«Resultados»');
    const token = tokenOf(mail.text);
    // The mail client POSTs `List-Unsubscribe=One-Click` to the API's one-click route with the same token.
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://invest.example/api/unsubscribe/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await verifyUnsubscribeToken(token, LINKS.secret, LINKS.now)).toEqual({
      userId: 'user-9',
      type: 'earnings',
      channel: 'email',
    });
  });

  it('puts the day of alerts in one digest, with one digest link per type it holds', async () => {
    const mail = await digestMail(
      { userId: 'user-3', email: 'luc@example.test', language: 'fr' },
      '2030-01-10',
      [
        { type: 'earnings', title: 'A', message: 'a' },
        { type: 'price_movement', title: 'B', message: 'b' },
        { type: 'earnings', title: 'C', message: 'c' },
      ],
      LINKS,
    );
    expect(mail.subject).toBe('Vos alertes Nugget Invest du 10 janv. 2030');
    expect(mail.text.split('\n').slice(0, 6)).toEqual(['- A', '  a', '- B', '  b', '- C', '  c']);
    const tokens = [...mail.text.matchAll(/unsubscribe\?token=(\S+)/g)].map((match) => match[1] ?? '');
    expect(tokens).toHaveLength(2);
    const claims = await Promise.all(
      tokens.map((token) => verifyUnsubscribeToken(token, LINKS.secret, LINKS.now)),
    );
    expect(claims.map((claim) => `${claim?.type}/${claim?.channel}`)).toEqual([
      'earnings/digest',
      'price_movement/digest',
    ]);
    // Two types, two links: a mail client's single unsubscribe button would not know which one.
    expect(mail.headers).toBeUndefined();
  });
});

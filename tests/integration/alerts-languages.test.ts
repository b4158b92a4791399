import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { message } from '@app/shared/messages/message';
import { createAlertsRepository } from '@app/functions/data/alerts-repository';
import { deriveAlertId } from '@app/functions/engine/catalysts/user-alerts';
import { keys } from '@app/functions/data/keys';
import { tableName } from '@app/infra/lib/table-definitions';
import { api, signUpInvestor, type SignedInUser } from '../src/api';

/*
 * Stored alerts keep their message (code and parameters) and are worded in the reader's language when
 * read (docs/messages.md); an alert stored before messages (an English title, a trilingual message) is
 * read as it was written, in the reader's language where the row has it. The expected texts are written
 * out by hand from the en, fr and es resources.
 */

interface AlertView {
  id: string;
  title: string;
  description: string;
  message: string;
}

const documents = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('stack').dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

async function alertsIn(user: SignedInUser, acceptLanguage: string): Promise<AlertView[]> {
  const response = await api<{ alerts: AlertView[] }>('GET', '/api/alerts', {
    token: user.token,
    headers: { 'accept-language': acceptLanguage },
  });
  expect(response.status).toBe(200);
  return response.body.alerts;
}

describe('stored alerts in the reader language', () => {
  let user: SignedInUser;
  const newId = deriveAlertId('reader', 'AAPL', 'price_move', '2015-01-28');
  const oldId = deriveAlertId('reader', 'BTC-USD', 'volume_surge', '2015-01-20');

  beforeAll(async () => {
    user = await signUpInvestor('Lectrice');
    const client = documents();
    const alerts = createAlertsRepository(client, {
      holdings: tableName('local', 'holdings'),
      usage: tableName('local', 'usage'),
    });
    const moved = message('ALERT_PRICE_MOVE_MESSAGE', {
      name: 'Apple Inc.',
      symbol: 'AAPL',
      change: 5.65,
      times: 3.21,
      date: '2015-01-28',
    });
    await alerts.putCounted(
      user.userId,
      {
        id: newId,
        title: message('ALERT_PRICE_UP_TITLE', { name: 'Apple Inc.', change: 5.65 }),
        description: moved,
        message: moved,
        severity: 'medium',
        timestamp: '2026-11-24T08:00:00.000Z',
        type: 'price_movement',
        asset: 'AAPL',
        dismissed: false,
        actionRequired: false,
      },
      { symbol: 'AAPL', rule: 'price_move', day: '2026-11-24', limit: -1, now: new Date() },
    );
    // A row as the price poll wrote it before messages: English title and description, three languages.
    await client.send(
      new PutCommand({
        TableName: tableName('local', 'holdings'),
        Item: {
          ...keys.alert(user.userId, oldId),
          entity: 'alert',
          id: oldId,
          title: 'Bitcoin: volume 2.4x its 20-day average',
          description: 'Trading volume in Bitcoin reached 2.4 times its 20-day average.',
          message: { en: 'Old English text.', fr: 'Ancien texte français.', es: 'Antiguo texto español.' },
          severity: 'medium',
          timestamp: '2026-11-23T08:00:00.000Z',
          type: 'ai_insight',
          asset: 'BTC-USD',
          dismissed: false,
          actionRequired: false,
        },
      }),
    );
  }, 60_000);

  it('words a stored alert in French and in Spanish, and in English by default', async () => {
    const [french, spanish, english] = await Promise.all([
      alertsIn(user, 'fr-FR,fr;q=0.9'),
      alertsIn(user, 'es'),
      alertsIn(user, 'de-DE'),
    ]);
    const byId = (alerts: AlertView[]) => alerts.find((alert) => alert.id === newId);

    expect(byId(french)).toMatchObject({
      title: 'Apple Inc. en hausse de 5,7 %',
      message:
        'Apple Inc. (AAPL) a varié de +5,7 % le 28 janv. 2015, soit 3,2 fois son mouvement quotidien habituel. ' +
        "Vérifiez sa note avant d'agir ; ni précipitation ni panique.",
    });
    expect(byId(spanish)).toMatchObject({
      // es-ES writes decimals with a comma, as French does (docs/product.md "Formatting").
      title: 'Apple Inc. sube un 5,7 %',
      message:
        'Apple Inc. (AAPL) se movió un +5,7 % el 28 ene 2015, 3,2 veces su movimiento diario habitual. ' +
        'Revise su nota antes de actuar; sin prisas ni pánico.',
    });
    expect(byId(english)?.title).toBe('Apple Inc. up 5.7 %');
  });

  it('reads an alert stored before messages as it was written, in the reader language where it has it', async () => {
    const [french, spanish] = await Promise.all([alertsIn(user, 'fr'), alertsIn(user, 'es')]);
    const byId = (alerts: AlertView[]) => alerts.find((alert) => alert.id === oldId);

    expect(byId(french)?.message).toBe('Ancien texte français.');
    expect(byId(spanish)?.message).toBe('Antiguo texto español.');
    expect(byId(spanish)?.title).toBe('Bitcoin: volume 2.4x its 20-day average');
  });
});

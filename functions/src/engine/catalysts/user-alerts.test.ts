import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createReplayTestSource } from '../../testing/replay-store-fixture';
import { createMarketEngine } from '../../market-data/market-engine';
import { deriveAlertId, deriveUserAlerts, summariseUserAlerts } from './user-alerts';
import { buildDemoAlerts } from './demo-alerts';
import { StoredUserAlertSchema } from '../../data/alerts-repository';
import { render } from '../../platform/messages';

/** Real bars: AAPL closed at 115.31 on 2015-01-28, +5.65 % on 2.7x its 20-day volume. */
async function analyseAaplOn(date: string) {
  const { source } = await createReplayTestSource(loadConfig({}), { now: () => new Date() });
  const engine = createMarketEngine(source);
  const quote = await engine.source.provider.getLatestQuote('AAPL', date);
  const { analysis } = await engine.analyze('AAPL', { quote });
  return { quote, analysis };
}

const now = new Date('2026-11-22T08:00:00Z');

describe('deriveUserAlerts on recorded price moves', () => {
  it('raises a price move and a volume surge for a holder of AAPL on 2015-01-28', async () => {
    const snapshot = await analyseAaplOn('2015-01-28');
    expect(snapshot.quote.change_percent).toBeCloseTo(5.65, 1);
    const alerts = deriveUserAlerts({
      userId: '01JUSER0000000000000000000',
      holdings: [{ symbol: 'AAPL', name: 'Apple Inc.' }],
      snapshots: new Map([['AAPL', snapshot]]),
      catalysts: [],
      now,
    });
    expect(alerts.map((entry) => [entry.rule, entry.day, entry.alert.severity, entry.alert.type])).toEqual([
      ['price_move', '2015-01-28', 'medium', 'price_movement'],
      ['volume_surge', '2015-01-28', 'medium', 'ai_insight'],
    ]);
    for (const entry of alerts) {
      // A new alert is stored unread (the flag defaults for rows written before alerts could be read).
      expect(StoredUserAlertSchema.parse(entry.alert)).toEqual({ ...entry.alert, read: false });
      expect(render(entry.alert.message, 'fr')).toContain('Apple Inc. (AAPL)');
      expect(render(entry.alert.message, 'es')).not.toEqual(render(entry.alert.message, 'en'));
    }
    // Numbers by the number rule (fr-FR for French), dates with the reader's month names.
    expect(render(alerts[0]!.alert.message, 'fr')).toContain('+5,7 % le 28 janv. 2015');
    expect(render(alerts[0]!.alert.message, 'es')).toContain('+5,7 % el 28 ene 2015');
    expect(render(alerts[0]!.alert.title, 'en')).toBe('Apple Inc. up 5.7 %');
  });

  it('raises nothing on a quiet day and for symbols not held', async () => {
    const quiet = await analyseAaplOn('2015-02-10');
    expect(Math.abs(quiet.quote.change_percent ?? 0)).toBeLessThan(3);
    const alerts = deriveUserAlerts({
      userId: 'u1',
      holdings: [
        { symbol: 'AAPL', name: 'Apple Inc.' },
        { symbol: 'MSFT', name: 'Microsoft' },
      ],
      snapshots: new Map([['AAPL', quiet]]),
      catalysts: [],
      now,
    });
    expect(alerts.filter((entry) => entry.rule === 'price_move')).toEqual([]);
  });

  it('derives the same ids when the poll runs twice (idempotent writes)', async () => {
    const snapshot = await analyseAaplOn('2015-01-28');
    const input = {
      userId: 'u1',
      holdings: [{ symbol: 'AAPL', name: 'Apple Inc.' }],
      snapshots: new Map([['AAPL', snapshot]]),
      catalysts: [],
    };
    const first = deriveUserAlerts({ ...input, now });
    const second = deriveUserAlerts({ ...input, now: new Date(now.getTime() + 60_000) });
    expect(second.map((entry) => entry.alert.id)).toEqual(first.map((entry) => entry.alert.id));
  });
});

describe('deriveAlertId', () => {
  it('is a 26-character Crockford ULID whose time part is the day', () => {
    const id = deriveAlertId('u1', 'AAPL', 'price_move', '2015-01-28');
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(deriveAlertId('u2', 'AAPL', 'price_move', '2015-01-28').slice(0, 10)).toBe(id.slice(0, 10));
    expect(deriveAlertId('u2', 'AAPL', 'price_move', '2015-01-28')).not.toBe(id);
    expect(deriveAlertId('u1', 'AAPL', 'price_move', '2015-01-29') > id).toBe(true);
  });
});

describe('demo alerts', () => {
  it('are the documented samples: Bitcoin high, Apple earnings medium, tech rotation low, in three languages', () => {
    const alerts = buildDemoAlerts(now);
    expect(alerts.map((alert) => [alert.asset, alert.severity, alert.type])).toEqual([
      ['BTC-USD', 'high', 'price_movement'],
      ['AAPL', 'medium', 'earnings'],
      ['GENERAL', 'low', 'sector_rotation'],
    ]);
    expect(alerts.every((alert) => StoredUserAlertSchema.safeParse(alert).success)).toBe(true);
    expect(summariseUserAlerts(alerts)).toEqual({
      critical: 1,
      medium: 1,
      info: 1,
      action_required: 1,
      dismissed: 0,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { message } from '@app/shared/messages/message';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type AlertsRepository,
  type StoredUserAlert,
} from '../data/alerts-repository';
import type { AuthContext } from '../platform/auth-context';
import { alertInLanguage, countActiveAlerts, listUserAlerts } from './user-alerts-service';

const NOW = new Date('2026-11-22T08:00:00Z');

function storedAlert(id: string, overrides: Partial<StoredUserAlert & { rule: string }> = {}) {
  return {
    id,
    title: message('ALERT_VOLUME_TITLE', { name: 'Apple Inc.', ratio: 2.5 }),
    description: message('ALERT_VOLUME_MESSAGE', {
      name: 'Apple Inc.',
      symbol: 'AAPL',
      ratio: 2.5,
      date: '2015-01-28',
    }),
    message: message('ALERT_VOLUME_MESSAGE', {
      name: 'Apple Inc.',
      symbol: 'AAPL',
      ratio: 2.5,
      date: '2015-01-28',
    }),
    severity: 'medium',
    timestamp: NOW.toISOString(),
    type: 'ai_insight',
    asset: 'AAPL',
    dismissed: false,
    actionRequired: false,
    read: false,
    rule: 'volume_surge',
    ...overrides,
  } as StoredUserAlert & { rule: string };
}

/** The repository's reads, in memory: only what the read paths call. */
function fakeRepository(alerts: StoredUserAlert[], inApp = DEFAULT_NOTIFICATION_PREFERENCES.in_app) {
  return {
    list: async () => alerts,
    getPreferences: async () => ({ in_app: inApp }),
  } as unknown as AlertsRepository;
}

const user: AuthContext = { kind: 'user', userId: 'u1', groups: [], tier: 'FREE' } as unknown as AuthContext;

describe('alertInLanguage', () => {
  it("lists the message's figures in the reader's language and names the source", () => {
    const shown = alertInLanguage(storedAlert('a1'), 'fr');
    // ALERT_VOLUME_MESSAGE's figures: ratio (decimal1: 2,5 in French) and the bar's date (28 janv. 2015).
    expect(shown.figures.map((figure) => figure.name)).toEqual(['ratio', 'date']);
    expect(shown.figures[0]?.value).toBe('2,5');
    expect(shown.figures[1]?.value).toMatch(/2015/);
    expect(shown.source).toBe('market_bars');
    expect(shown.read).toBe(false);
  });

  it('tells catalysts, custom rules and samples apart', () => {
    expect(alertInLanguage(storedAlert('a2', { rule: 'catalyst' }), 'en').source).toBe('catalyst');
    expect(alertInLanguage(storedAlert('a3', { rule: 'rule:01ABC' }), 'en').source).toBe('alert_rule');
    const { rule: _rule, ...sample } = storedAlert('a4');
    expect(alertInLanguage(sample, 'en').source).toBe('sample');
  });
});

describe('counting and listing', () => {
  const alerts = [
    storedAlert('a1'),
    storedAlert('a2', { read: true }),
    storedAlert('a3', { dismissed: true }),
    storedAlert('a4', { type: 'earnings' }),
  ];

  it('counts active alerts and, among them, the unread ones', async () => {
    // Active: a1, a2, a4 (a3 is dismissed); unread among them: a1 and a4.
    expect(await countActiveAlerts(user, { alerts: fakeRepository(alerts), now: () => NOW })).toEqual({
      active: 3,
      unread: 2,
      demo: false,
    });
  });

  it('leaves out the types the user turned off, in the list and the count', async () => {
    const repository = fakeRepository(alerts, {
      ...DEFAULT_NOTIFICATION_PREFERENCES.in_app,
      earnings: false,
    });
    const deps = { alerts: repository, now: () => NOW };
    expect((await listUserAlerts(user, 'en', deps)).alerts.map((alert) => alert.id)).toEqual([
      'a1',
      'a2',
      'a3',
    ]);
    // a4 (earnings) is muted: active a1, a2; unread a1.
    expect(await countActiveAlerts(user, deps)).toEqual({ active: 2, unread: 1, demo: false });
  });
});

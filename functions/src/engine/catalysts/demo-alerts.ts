import { message } from '@app/shared/messages/message';
import type { UserAlertDraft } from './user-alerts';

/**
 * The three sample alerts demo visitors see on the alerts screen (no token; docs/product.md "Roles,
 * plans and demo mode"): Bitcoin volatility (high), Apple earnings (medium), tech sector rotation
 * (low). Labelled as samples in every language; timestamps are relative to now so the screen's
 * relative times read naturally.
 */
export function buildDemoAlerts(now: Date): UserAlertDraft[] {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  return [
    {
      id: 'demo-alert-bitcoin-volatility',
      title: message('ALERT_DEMO_BITCOIN_TITLE'),
      description: message('ALERT_DEMO_BITCOIN_DESCRIPTION'),
      message: message('ALERT_DEMO_BITCOIN_MESSAGE'),
      severity: 'high',
      timestamp: ago(15),
      type: 'price_movement',
      asset: 'BTC-USD',
      dismissed: false,
      actionRequired: true,
    },
    {
      id: 'demo-alert-apple-earnings',
      title: message('ALERT_DEMO_APPLE_TITLE'),
      description: message('ALERT_DEMO_APPLE_DESCRIPTION'),
      message: message('ALERT_DEMO_APPLE_MESSAGE'),
      severity: 'medium',
      timestamp: ago(120),
      type: 'earnings',
      asset: 'AAPL',
      dismissed: false,
      actionRequired: false,
    },
    {
      id: 'demo-alert-tech-rotation',
      title: message('ALERT_DEMO_ROTATION_TITLE'),
      description: message('ALERT_DEMO_ROTATION_DESCRIPTION'),
      message: message('ALERT_DEMO_ROTATION_MESSAGE'),
      severity: 'low',
      timestamp: ago(26 * 60),
      type: 'sector_rotation',
      asset: 'GENERAL',
      dismissed: false,
      actionRequired: false,
    },
  ];
}

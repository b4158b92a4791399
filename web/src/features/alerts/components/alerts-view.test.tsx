import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserAlert } from '@app/shared/domain/entities/catalysts';
import { renderWithProviders } from '@/kit/test/render';
import { AlertsView } from './alerts-view';

const NOW = new Date('2026-11-22T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function alert(overrides: Partial<UserAlert>): UserAlert {
  return {
    id: 'a1',
    title: 'Bitcoin up 9 %',
    description: 'Bitcoin moved far.',
    // The API words the message in the caller's language (Accept-Language): here, French.
    message: 'Message français',
    severity: 'high',
    timestamp: minutesAgo(15),
    type: 'price_movement',
    asset: 'BTC-USD',
    dismissed: false,
    actionRequired: true,
    read: false,
    figures: [
      { name: 'change', value: '+9.0 %' },
      { name: 'date', value: 'Nov 21, 2026' },
    ],
    source: 'market_bars',
    ...overrides,
  };
}

const alerts = [
  alert({}),
  alert({
    id: 'a2',
    title: 'Apple earnings',
    severity: 'medium',
    timestamp: minutesAgo(120),
    actionRequired: false,
    asset: 'AAPL',
    type: 'earnings',
    read: true,
  }),
  alert({
    id: 'a3',
    title: 'Rotation',
    severity: 'low',
    timestamp: minutesAgo(26 * 60),
    actionRequired: false,
    asset: 'GENERAL',
    type: 'sector_rotation',
  }),
  alert({ id: 'a4', title: 'Old one', severity: 'low', dismissed: true, actionRequired: false }),
];

function renderView(overrides: Partial<Parameters<typeof AlertsView>[0]> = {}, language: 'en' | 'fr' = 'en') {
  return renderWithProviders(
    <AlertsView
      alerts={alerts}
      now={NOW}
      onDismiss={vi.fn()}
      onRestoreAll={vi.fn()}
      onRead={vi.fn()}
      onOpenSettings={vi.fn()}
      demo={false}
      {...overrides}
    />,
    { language },
  );
}

describe('AlertsView', () => {
  it('prints minutes under an hour, hours under a day, else the date', async () => {
    await renderView();
    expect(screen.getByText('15 min ago')).toBeTruthy();
    expect(screen.getByText('2 h ago')).toBeTruthy();
    expect(screen.getByText('Nov 21, 2026')).toBeTruthy();
  });

  it('shows Market General for GENERAL, the message in the language, and counts what is not dismissed', async () => {
    await renderView({}, 'fr');
    expect(screen.getByText('Marché général')).toBeTruthy();
    expect(screen.getAllByText('Message français').length).toBe(3);
    expect(screen.getByTestId('alerts-summary-critical').textContent).toContain('1');
    expect(screen.getByTestId('alerts-summary-medium').textContent).toContain('1');
    expect(screen.getByTestId('alerts-summary-info').textContent).toContain('1');
    expect(screen.getByTestId('alerts-summary-actionRequired').textContent).toContain('1');
    expect(screen.queryByText('Old one')).toBeNull();
  });

  it('filters by severity, offers View Details on every alert and Take Action only when action is required', async () => {
    await renderView();
    expect(screen.getAllByRole('button', { name: 'Take Action' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'View Details' })).toHaveLength(3);

    // One severity vocabulary (issue 46): the tabs and the counters say the words the badges say.
    expect(screen.getByTestId('alerts-summary-critical').textContent).toMatch(/^High/);
    expect(screen.getByTestId('alerts-summary-info').textContent).toMatch(/^Low/);
    fireEvent.click(screen.getByRole('tab', { name: 'Low' }));
    expect(screen.getByText('Rotation')).toBeTruthy();
    expect(screen.getByText('Low', { selector: '.amplify-badge' })).toBeTruthy();
    expect(screen.queryByText('Apple earnings')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'High' }));
    expect(screen.getByText('Bitcoin up 9 %')).toBeTruthy();
    expect(screen.queryByText('Rotation')).toBeNull();
  });

  it('shows the dismissed bar with Restore All, and dismisses by id', async () => {
    const onDismiss = vi.fn();
    const onRestoreAll = vi.fn();
    await renderView({ onDismiss, onRestoreAll });
    expect(screen.getByTestId('alerts-dismissed-bar').textContent).toContain('1 alert dismissed');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss alert: Apple earnings' }));
    expect(onDismiss).toHaveBeenCalledWith('a2');
    fireEvent.click(screen.getByRole('button', { name: 'Restore All' }));
    expect(onRestoreAll).toHaveBeenCalled();
  });

  it('shows No alerts when nothing is left', async () => {
    await renderView({ alerts: [alert({ dismissed: true })] });
    expect(screen.getByText('No alerts')).toBeTruthy();
  });

  it('opens an alert with its figures and source, and marks it read', async () => {
    const onRead = vi.fn();
    await renderView({ onRead });
    fireEvent.click(screen.getAllByRole('button', { name: 'View Details' })[0] as HTMLElement);
    const details = screen.getByTestId('alert-details');
    expect(details.textContent).toContain('Change');
    expect(details.textContent).toContain('+9.0 %');
    expect(screen.getByTestId('alert-source').textContent).toBe(
      'The stored daily price and volume bars of the market',
    );
    expect(onRead).toHaveBeenCalledWith('a1');
    // An alert already read is not marked again.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'View Details' })[1] as HTMLElement);
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it('filters by type, asset and read state from the Filters panel', async () => {
    await renderView();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Earnings' }));
    expect(screen.getByText('Apple earnings')).toBeTruthy();
    expect(screen.queryByText('Rotation')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    // a2 (Apple earnings) is read: hidden; the unread a1 and a3 stay.
    expect(screen.queryByText('Apple earnings')).toBeNull();
    expect(screen.getByText('Rotation')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.change(screen.getByLabelText('Asset'), { target: { value: 'GENERAL' } });
    expect(screen.getByText('Rotation')).toBeTruthy();
    expect(screen.queryByText('Bitcoin up 9 %')).toBeNull();
  });

  it('opens the notification preferences from Settings', async () => {
    const onOpenSettings = vi.fn();
    await renderView({ onOpenSettings });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(onOpenSettings).toHaveBeenCalled();
  });
});

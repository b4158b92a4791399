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

  it('filters by severity and offers View Details and Take Action only when action is required', async () => {
    await renderView();
    expect(screen.getAllByRole('button', { name: 'Take Action' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'View Details' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('tab', { name: 'Info' }));
    expect(screen.getByText('Rotation')).toBeTruthy();
    expect(screen.queryByText('Apple earnings')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Critical' }));
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
});

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { UnsubscribePage } from './unsubscribe-page';

const at = (path: string, send: Parameters<typeof UnsubscribePage>[0]['send']) =>
  renderWithProviders(<UnsubscribePage send={send} />, { route: path });

describe('UnsubscribePage', () => {
  it('posts the link token once and says which mail is off', async () => {
    const send = vi.fn(async () => ({
      unsubscribed: true as const,
      alert_type: 'earnings' as const,
      channel: 'email' as const,
    }));
    await at('/unsubscribe?token=a.b.c', send);
    await screen.findByText(
      'Done: you will no longer receive e-mails for "Earnings" alerts. They still show in the app.',
    );
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('a.b.c', 'en');
  });

  it("shows the API's refusal of a bad link", async () => {
    const send = vi.fn(async () => {
      throw Object.assign(new Error('400'), { body: { error: 'Unsubscribe link: not valid or expired.' } });
    });
    await at('/unsubscribe?token=x.y.z', send);
    await screen.findByText('Unsubscribe link: not valid or expired.');
  });
});

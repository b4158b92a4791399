import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { EmailUndoPage } from './email-undo-page';

const at = (path: string, send: Parameters<typeof EmailUndoPage>[0]['send']) =>
  renderWithProviders(<EmailUndoPage send={send} />, { route: path });

describe('EmailUndoPage', () => {
  it('does nothing on load; the button posts the token once and says to reset the password', async () => {
    const send = vi.fn(async () => ({ restored: true as const, email: 'ada@example.test' }));
    await at('/email-change/undo?token=a.b.c', send);
    const button = await screen.findByRole('button', { name: 'Move my account back to this address' });
    expect(send).not.toHaveBeenCalled();

    fireEvent.click(button);
    await screen.findByText(/^Your account signs in with ada@example\.test again .*"Forgot your password\?"/);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('a.b.c', 'en');
    expect(screen.queryByRole('button', { name: 'Move my account back to this address' })).toBeNull();
  });

  it("shows the API's refusal of a used or expired link", async () => {
    const send = vi.fn(async () => {
      throw Object.assign(new Error('400'), { body: { error: 'This link is not valid.' } });
    });
    await at('/email-change/undo?token=x.y.z', send);
    fireEvent.click(await screen.findByRole('button', { name: 'Move my account back to this address' }));
    await screen.findByText('This link is not valid.');
  });

  it('says the link is incomplete when it has no token, and offers no button', async () => {
    await at('/email-change/undo', vi.fn());
    await screen.findByText('This link has no token: open the link from the mail again.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

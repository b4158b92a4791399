import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@app/web/kit/test/fake-api';
import { renderWithProviders } from '@app/web/kit/test/render';
import { InboxTab, type InboxMessage } from './inbox-tab';

const BASE = {
  email: 'sender@example.test',
  message: 'Hello',
  handled: false,
  handled_at: null,
} as const;
const PREMIUM_MESSAGE: InboxMessage = {
  ...BASE,
  id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  name: 'Paid',
  subject: 'From a Premium member',
  user_id: 'user-1',
  sender_tier: 'PREMIUM',
  priority: true,
  received_at: '2030-01-01T09:00:00.000Z',
};
const ANONYMOUS_MESSAGE: InboxMessage = {
  ...BASE,
  id: '01JBBBBBBBBBBBBBBBBBBBBBBB',
  name: 'Visitor',
  subject: 'From a visitor',
  user_id: null,
  sender_tier: null,
  priority: false,
  received_at: '2030-01-01T10:00:00.000Z',
};

describe('InboxTab', () => {
  it("lists the API's order with each sender's plan, and marks a message handled", async () => {
    let messages = [PREMIUM_MESSAGE, ANONYMOUS_MESSAGE];
    const requests = installFakeApi((request) => {
      if (request.method === 'GET' && request.path.startsWith('/api/admin/inbox'))
        return { body: { messages, next_cursor: null } };
      if (request.method === 'PUT') {
        const handled = { ...ANONYMOUS_MESSAGE, handled: true, handled_at: '2030-01-01T11:00:00.000Z' };
        messages = [PREMIUM_MESSAGE, handled];
        return { body: handled };
      }
      return undefined;
    });
    await renderWithProviders(withQueryClient(<InboxTab />));

    const items = await screen.findAllByTestId('inbox-message');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'From a Premium member',
      'From a visitor',
    ]);
    expect(items.map((item) => within(item).getByTestId('inbox-sender-tier').textContent)).toEqual([
      'Premium',
      'Not signed in',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Priority')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('Priority')).toBeNull();

    fireEvent.click(within(items[1] as HTMLElement).getByLabelText('Handled'));

    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-message')[1]?.getAttribute('data-handled')).toBe('true'),
    );
    expect(
      requests.filter((request) => request.method === 'PUT').map((request) => [request.path, request.body]),
    ).toEqual([[`/api/admin/inbox/${ANONYMOUS_MESSAGE.id}/handled`, { handled: true }]]);
  });
});

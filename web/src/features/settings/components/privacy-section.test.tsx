import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BillingSummary } from '@app/shared/domain/entities/billing';
import { installFakeApi, withQueryClient, type RecordedRequest } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { PrivacySection } from './privacy-section';

/** Lazy chunks and the fake server under a loaded CI machine: waits longer than Testing Library's 1 s. */
const SLOW = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });

const FREE: BillingSummary = {
  status: 'free',
  tier: 'FREE',
  plan: null,
  period_start: null,
  period_end: null,
  next_billing: null,
  scheduled_change: null,
  grace_ends_at: null,
  payment_method: null,
  pending_payment: null,
  refund: null,
  portal_available: false,
};

/** Platinum annual bought minutes ago: $1,908 (12 x $159), refundable for 30 days. */
const PLATINUM_ANNUAL: BillingSummary = {
  ...FREE,
  status: 'active',
  tier: 'PRO',
  plan: { tier: 'PRO', cycle: 'annual' },
  period_start: '2026-11-28T10:00:00.000Z',
  period_end: '2027-11-28T10:00:00.000Z',
  refund: { amount_cents: 190_800, deadline: '2026-12-28T10:00:00.000Z' },
};

function stack(billing: BillingSummary): RecordedRequest[] {
  return installFakeApi((request) => {
    if (request.path === '/api/subscription/billing') return { body: billing };
    if (request.path === '/api/auth/delete-account')
      return { body: { deleted: true, erased_records: 4, retained_documents: 1 } };
    return undefined;
  });
}

const deletions = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/auth/delete-account');

async function askToDelete() {
  fireEvent.change(screen.getByLabelText('Your password, to confirm'), {
    target: { value: 'Right-Password-1' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

/** Issue 46: deletion was one click after the password, with no word about a plan paid minutes earlier. */
describe('PrivacySection deletion', () => {
  it('warns of the active paid plan and the refund still due, and deletes only once confirmed', async () => {
    const requests = stack(PLATINUM_ANNUAL);
    const ended = vi.fn(async () => undefined);
    await renderWithProviders(withQueryClient(<PrivacySection onSessionEnded={ended} />));

    await askToDelete();

    const warning = await screen.findByTestId('delete-paid-plan', undefined, SLOW);
    expect(warning.textContent).toContain('Platinum');
    expect(warning.textContent).toContain('Nov 28, 2027');
    const refund = screen.getByTestId('delete-refund-due');
    expect(refund.textContent).toContain('$1,908.00');
    expect(refund.textContent).toContain('Dec 28, 2026');
    expect(deletions(requests)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));

    await waitFor(() => expect(ended).toHaveBeenCalledTimes(1), SLOW);
    expect(deletions(requests).map((request) => request.body)).toEqual([{ password: 'Right-Password-1' }]);
  });

  it('asks a Free user to confirm too, says nothing of a plan, and keeps the account on "Keep my account"', async () => {
    const requests = stack(FREE);
    const ended = vi.fn(async () => undefined);
    await renderWithProviders(withQueryClient(<PrivacySection onSessionEnded={ended} />));

    await askToDelete();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep my account' }, SLOW));

    expect(screen.queryByTestId('delete-paid-plan')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete for good' })).toBeNull();
    expect(deletions(requests)).toEqual([]);
    expect(ended).not.toHaveBeenCalled();
  });
});

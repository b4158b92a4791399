import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SandboxCardBehaviour } from '@app/shared/domain/billing/sandbox-test-cards';
import { WAIT } from './investor-helpers';

/** The order the card form lists its test cards in (web card-form.tsx). */
const TEST_CARD_ORDER: readonly SandboxCardBehaviour[] = ['succeeds', 'declines', 'requires_authentication'];

/**
 * In the open checkout: keeps the test card with `behaviour` (filled by its "Use this card" link),
 * waits for the confirmation step to show `amount`, and pays.
 */
export async function payWithTestCard(
  page: Page,
  behaviour: SandboxCardBehaviour,
  amount: string,
): Promise<void> {
  const checkout = page.getByTestId('checkout');
  await expect.poll(() => checkout.getByTestId('test-cards').count(), WAIT).toBe(1);
  await checkout
    .getByRole('button', { name: 'Use this card' })
    .nth(TEST_CARD_ORDER.indexOf(behaviour))
    .click();
  await checkout.getByRole('button', { name: 'Save card' }).click();
  await expect.poll(() => checkout.getByTestId('checkout-amount').textContent(), WAIT).toBe(amount);
  await checkout.getByRole('button', { name: `Pay ${amount}` }).click();
  if (behaviour === 'succeeds') {
    await expect.poll(() => page.getByText('Payment received').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('checkout').count(), WAIT).toBe(0);
  }
}

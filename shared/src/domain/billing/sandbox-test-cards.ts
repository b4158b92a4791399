import { normaliseCardNumber } from './payment-card';

/**
 * The sandbox gateway's test cards, the numbers card processors publish for test mode. Any expiry in
 * the future and any CVC work. Other numbers, even valid ones, are refused: the sandbox takes no real
 * card.
 */
export const SANDBOX_TEST_CARDS = {
  /** Every charge succeeds. */
  succeeds: '4242424242424242',
  /** Every charge is declined (card_declined). */
  declines: '4000000000000002',
  /**
   * Every charge asks for an authentication challenge (3-D Secure): pending until confirmed on-session;
   * declined with authentication_required off-session (a renewal), since nobody is there to confirm.
   */
  requires_authentication: '4000002760003184',
} as const;

export type SandboxCardBehaviour = keyof typeof SANDBOX_TEST_CARDS;

export function sandboxBehaviourOf(number: string): SandboxCardBehaviour | null {
  const digits = normaliseCardNumber(number);
  const match = (Object.entries(SANDBOX_TEST_CARDS) as [SandboxCardBehaviour, string][]).find(
    ([, testNumber]) => testNumber === digits,
  );
  return match ? match[0] : null;
}

import { ulid } from 'ulid';
import type { z } from 'zod';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import type { Invoice, UpgradeResponseSchema } from '@app/shared/domain/entities/subscription';
import type { Tier } from '@app/shared/domain/enums';
import { canUpgrade, upgradeTargets } from '@app/shared/domain/rules/tiers';
import { message, type Message } from '@app/shared/messages/message';
import { SubscriptionChangedError } from '../data/invoices-repository';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/errors';
import { endOfBillingPeriod } from './billing-period';
import type { SubscriptionDeps } from './subscription-service';

/**
 * The upgrade's answer with its notice as a message: the idempotency record keeps it so, and a retry
 * in another language reads it in that language (the handler words it).
 */
export type UpgradeResponse = Omit<z.input<typeof UpgradeResponseSchema>, 'message'> & { message: Message };

/** Why `from` cannot move to `to`, for the "Upgrade Failed" toast; null when it can. */
export function upgradeRefusal(from: Tier, to: Tier): Message | null {
  if (canUpgrade(from, to)) return null;
  if (from === to && upgradeTargets(from).length === 0)
    return message('PLAN_ALREADY_HIGHEST', { tier: from });
  if (from === to) return message('PLAN_ALREADY_ON_TIER', { tier: from });
  return message('PLAN_UPGRADE_NOT_HIGHER', { current: from, target: to });
}

/**
 * The gateway idempotency key of an upgrade: the same user moving from the same subscription to the
 * same tier gets the same key, so a double click is charged once by the processor itself.
 */
export function upgradeChargeKey(userId: string, from: Tier, subscriptionVersion: string, to: Tier): string {
  return `upgrade:${userId}:${from}@${subscriptionVersion}:${to}`;
}

/**
 * Moves the caller to a higher tier, immediately: charge through the payment gateway, then ONE
 * transaction writes the invoice and the new tier, conditional on the tier still being the one read.
 * A new billing period of one month starts now at the new tier's full price (no proration).
 */
export async function upgradeSubscription(
  userId: string,
  target: Tier,
  deps: SubscriptionDeps,
): Promise<UpgradeResponse> {
  const now = deps.now();
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
  const current = user.subscription_tier;
  const refusal = upgradeRefusal(current, target);
  if (refusal) throw new BadRequestError(refusal);

  const definition = TIER_CATALOGUE[target];
  const startedAt = now.toISOString();
  const expiresAt = endOfBillingPeriod(now).toISOString();
  const charge = await deps.gateway.charge({
    idempotencyKey: upgradeChargeKey(
      userId,
      current,
      user.subscription_started_at ?? user.created_at,
      target,
    ),
    customerId: userId,
    amount: definition.price,
    currency: definition.currency,
    tier: target,
    description: `${definition.display_name} plan, ${startedAt.slice(0, 10)} to ${expiresAt.slice(0, 10)}`,
  });
  if (charge.status === 'declined')
    throw new BadRequestError(message('PLAN_PAYMENT_DECLINED', { reason: charge.reason }));

  const invoice: Invoice = {
    id: ulid(now.getTime()),
    tier: target,
    amount: definition.price,
    currency: definition.currency,
    status: 'paid',
    gateway: deps.gateway.name,
    created_at: startedAt,
    period_end: expiresAt,
  };
  try {
    await deps.invoices.recordPaidUpgrade({
      userId,
      expectedTier: current,
      targetTier: target,
      startedAt,
      expiresAt,
      chargeId: charge.chargeId,
      invoice,
    });
  } catch (error: unknown) {
    if (!(error instanceof SubscriptionChangedError)) throw error;
    // Another request changed the plan between our read and our write. If it recorded this very
    // charge (a double click: same charge key), the user paid once and has the plan; otherwise our
    // charge paid for nothing and goes back.
    if (await deps.invoices.hasRecentCharge(userId, charge.chargeId)) {
      throw new ConflictError(message('PLAN_UPGRADE_ALREADY_APPLIED', { tier: target }));
    }
    await deps.gateway.refund(charge.chargeId, 'the subscription changed before the upgrade was applied');
    throw new ConflictError(message('PLAN_CHANGED_DURING_UPGRADE'));
  }

  return {
    message: message('PLAN_UPGRADED', {
      tier: target,
      previous: current,
      amount: definition.price,
      date: expiresAt,
    }),
    tier: target,
    previous_tier: current,
    expires_at: expiresAt,
    invoice,
  };
}

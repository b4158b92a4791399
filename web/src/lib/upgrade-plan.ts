import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { Tier } from '@app/shared/domain/enums';
import type { CallOutput } from '@/kit/api/api-client';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useToast } from '@/kit/ui/toast';

export type PaidTier = Exclude<Tier, 'FREE'>;
export type UpgradeResult = CallOutput<typeof contract.subscription.upgrade>;

/**
 * An upgrade from any screen (the subscription page, the upgrade dialog): the toast of its outcome
 * and which tier is on its way. Afterwards every cached read reloads (limits, gates, the user's tier):
 * the route's policy. The contract marks it idempotent: one Idempotency-Key per choice.
 */
export function useUpgradePlan(onUpgraded?: (result: UpgradeResult) => void) {
  const { t, i18n } = useTranslation('gating');
  const toast = useToast();
  const upgrade = useRouteMutation(contract.subscription.upgrade);
  const [upgradingTo, setUpgradingTo] = useState<Tier | null>(null);

  function choose(tier: PaidTier) {
    setUpgradingTo(tier);
    upgrade.mutate(
      { params: { tier } },
      {
        onSuccess: (result) => {
          toast.show({ title: t('toasts.successTitle'), description: result.message, variant: 'success' });
          onUpgraded?.(result);
        },
        onError: (error) =>
          toast.show({
            title: t('toasts.failedTitle'),
            description: serverMessageOf(error, i18n) ?? t('toasts.failedBody'),
            variant: 'error',
          }),
        onSettled: () => setUpgradingTo(null),
      },
    );
  }

  return { choose, upgradingTo, pending: upgrade.isPending };
}

import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import type { Tier } from '@app/shared/domain/enums';
import { formatCurrency } from '@app/shared/domain/rules/formatting';
import { canUpgrade } from '@app/shared/domain/rules/tiers';
import { Card } from '@/kit/ui/card';
import { Dialog } from '@/kit/ui/dialog';
import { usePreferences } from '@/kit/preferences/preferences';
import { useUpgradePlan } from '@/lib/upgrade-plan';
import './gating.css';

export interface UpgradeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The caller's tier, when known: plans at or below it cannot be chosen. */
  currentTier?: Tier | null;
  /** Part 2 section 4: the optional callback after a successful upgrade. */
  onUpgraded?: (tier: Tier) => void;
}

const PLANS = [
  {
    tier: 'PREMIUM' as const,
    nameKey: 'gating:dialog.premium.name' as const,
    perks: [
      'gating:dialog.premium.perks.portfolioAssets',
      'gating:dialog.premium.perks.dailyRecommendations',
      'gating:dialog.premium.perks.realTimePrices',
      'gating:dialog.premium.perks.extendedHours',
      'gating:dialog.premium.perks.advancedRecommendations',
    ] as const,
  },
  {
    tier: 'PRO' as const,
    nameKey: 'gating:dialog.platinum.name' as const,
    perks: [
      'gating:dialog.platinum.perks.unlimited',
      'gating:dialog.platinum.perks.exclusiveInsights',
      'gating:dialog.platinum.perks.prioritySupport',
    ] as const,
  },
];

/** Part 2 sections 2 and 4: Premium and Platinum, 30-day money-back, cancel anytime. */
export function UpgradeDialog({ open, onClose, currentTier, onUpgraded }: UpgradeDialogProps) {
  const { t } = useTranslation(['gating', 'common']);
  const { language } = usePreferences();
  const upgrade = useUpgradePlan((result) => {
    onClose();
    onUpgraded?.(result.tier);
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('gating:dialog.title')}
      description={t('gating:dialog.subtitle')}
      closeLabel={t('gating:dialog.close')}
    >
      <div className="gating__plans">
        {PLANS.map((plan) => {
          const available = !currentTier || canUpgrade(currentTier, plan.tier);
          const isCurrent = currentTier === plan.tier;
          const name = t(plan.nameKey);
          return (
            <Card key={plan.tier} highlighted={plan.tier === 'PREMIUM'} className="gating__plan">
              <Heading level={3} className="app-card-title">
                {name}
              </Heading>
              <Text className="gating__price">
                {formatCurrency(TIER_CATALOGUE[plan.tier].price, language)}
                <span className="app-muted">{t('gating:dialog.perMonth')}</span>
              </Text>
              <ul className="gating__perks">
                {plan.perks.map((perk) => (
                  <li key={perk}>
                    <span aria-hidden="true">✓ </span>
                    {t(perk)}
                  </li>
                ))}
              </ul>
              <Button
                variation="primary"
                isDisabled={!available || upgrade.pending}
                onClick={() => upgrade.choose(plan.tier)}
                data-testid={`upgrade-to-${plan.tier}`}
              >
                {upgrade.upgradingTo === plan.tier
                  ? t('gating:dialog.upgrading')
                  : isCurrent
                    ? t('gating:dialog.currentPlan')
                    : t('gating:dialog.choose', { plan: name })}
              </Button>
            </Card>
          );
        })}
      </div>
      <Flex gap="medium" justifyContent="center" wrap="wrap" marginTop="medium">
        <Text className="app-muted">✓ {t('gating:dialog.moneyBack')}</Text>
        <Text className="app-muted">✓ {t('gating:dialog.cancelAnytime')}</Text>
      </Flex>
    </Dialog>
  );
}

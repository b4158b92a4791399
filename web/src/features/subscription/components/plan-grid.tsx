import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { TierInfo } from '@app/shared/domain/entities/subscription';
import { TIERS, type Tier } from '@app/shared/domain/enums';
import { formatCurrency } from '@app/shared/domain/rules/formatting';
import { canUpgrade } from '@app/shared/domain/rules/tiers';
import { isUnlimited } from '@app/shared/domain/rules/usage';
import { usePreferences } from '@/kit/preferences/preferences';
import type { PaidTier } from '@/lib/upgrade-plan';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';

const QUOTA_KEYS = ['portfolio_assets', 'ai_recommendations', 'market_alerts'] as const;
const FLAG_KEYS = [
  'advanced_analytics',
  'advanced_recommendations',
  'custom_alerts',
  'extended_hours_analysis',
  'priority_support',
] as const;

/** What a tier gives, one line each: its quotas, its price updates, then the features it unlocks. */
function useFeatureLines(): (info: TierInfo) => string[] {
  const { t } = useTranslation('subscription');
  return (info) => {
    const lines: string[] = QUOTA_KEYS.map((key) => {
      const value = info.features[key];
      return isUnlimited(value)
        ? t(`features.${key}.unlimited`)
        : t(`features.${key}.value`, { count: value });
    });
    lines.push(t(`features.price_updates.${info.features.price_updates}`));
    for (const key of FLAG_KEYS) if (info.features[key] === true) lines.push(t(`features.${key}.name`));
    return lines;
  };
}

interface PlanCardProps {
  tier: Tier;
  info: TierInfo;
  currentTier: Tier;
  /** Demo visitors and a pending upgrade cannot choose. */
  locked: boolean;
  upgrading: boolean;
  onChoose: (tier: PaidTier) => void;
}

/** One tier: name, price, description, features, and Current Plan or Upgrade. */
function PlanCard({ tier, info, currentTier, locked, upgrading, onChoose }: PlanCardProps) {
  const { t } = useTranslation(['subscription', 'common']);
  const { language } = usePreferences();
  const featureLines = useFeatureLines();
  const name = t(`common:tiers.${tier}`);
  return (
    <Card highlighted={tier === 'PREMIUM'} className="subscription__plan" data-testid={`plan-${tier}`}>
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Heading level={3} className="app-card-title">
          {name}
        </Heading>
        {tier === 'PREMIUM' ? <Badge variant="default">{t('subscription:plans.mostPopular')}</Badge> : null}
      </Flex>
      <Text className="subscription__price">
        {info.price === 0 ? (
          t('subscription:plans.free')
        ) : (
          <>
            {formatCurrency(info.price, language)}
            <span className="app-muted"> {t('subscription:plans.perMonth')}</span>
          </>
        )}
      </Text>
      <Text className="app-muted">{info.description_localized[language]}</Text>
      <ul className="subscription__features">
        {featureLines(info).map((line) => (
          <li key={line}>
            <span aria-hidden="true">✓ </span>
            {line}
          </li>
        ))}
      </ul>
      {tier === currentTier ? (
        <Button isDisabled>{t('subscription:plans.currentPlan')}</Button>
      ) : tier === 'FREE' ? null : (
        <Button
          variation="primary"
          isDisabled={locked || !canUpgrade(currentTier, tier)}
          onClick={() => onChoose(tier)}
        >
          {upgrading ? t('subscription:plans.upgrading') : t('subscription:plans.upgradeTo', { plan: name })}
        </Button>
      )}
    </Card>
  );
}

export interface PlanGridProps {
  tiers: Record<Tier, TierInfo>;
  currentTier: Tier;
  locked: boolean;
  upgradingTo: Tier | null;
  onChoose: (tier: PaidTier) => void;
}

/** Part 2 section 2: the available plans side by side, the middle one highlighted. */
export function PlanGrid({ tiers, currentTier, locked, upgradingTo, onChoose }: PlanGridProps) {
  const { t } = useTranslation('subscription');
  return (
    <>
      <Heading level={2}>{t('plans.title')}</Heading>
      <div className="app-grid app-grid--3">
        {TIERS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            info={tiers[tier]}
            currentTier={currentTier}
            locked={locked}
            upgrading={upgradingTo === tier}
            onChoose={onChoose}
          />
        ))}
      </div>
    </>
  );
}

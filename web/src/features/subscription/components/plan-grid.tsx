import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { TierInfo } from '@app/shared/domain/entities/subscription';
import { TIERS, type Tier } from '@app/shared/domain/enums';
import { formatCurrency } from '@app/shared/domain/rules/formatting';
import type { PaidTier } from '@app/shared/domain/billing/billing-plans';
import { tierRank } from '@app/shared/domain/rules/tier-order-and-caps';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { PerkList } from '@/components/perk-list';
import { Card } from '@/kit/ui/card';

interface PlanCardProps {
  tier: Tier;
  info: TierInfo;
  currentTier: Tier;
  /** Demo visitors cannot choose. */
  locked: boolean;
  onChoose: (tier: PaidTier) => void;
}

/** One tier: name, price, description, features, and Current Plan or Upgrade. */
function PlanCard({ tier, info, currentTier, locked, onChoose }: PlanCardProps) {
  const { t } = useTranslation(['subscription', 'common']);
  const { language } = usePreferences();
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
      <PerkList tier={tier} className="subscription__features" />
      {tier === currentTier ? (
        <Button isDisabled>{t('subscription:plans.currentPlan')}</Button>
      ) : tier === 'FREE' ? null : (
        <Button
          variation="primary"
          isDisabled={locked}
          onClick={() => onChoose(tier)}
          data-testid={`choose-${tier}`}
        >
          {tierRank(tier) > tierRank(currentTier)
            ? t('subscription:plans.upgradeTo', { plan: name })
            : t('subscription:plans.switchTo', { plan: name })}
        </Button>
      )}
    </Card>
  );
}

export interface PlanGridProps {
  tiers: Record<Tier, TierInfo>;
  currentTier: Tier;
  locked: boolean;
  onChoose: (tier: PaidTier) => void;
}

/** docs/product.md "Screens", subscription: the available plans side by side, the middle one highlighted. */
export function PlanGrid({ tiers, currentTier, locked, onChoose }: PlanGridProps) {
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
            onChoose={onChoose}
          />
        ))}
      </div>
    </>
  );
}

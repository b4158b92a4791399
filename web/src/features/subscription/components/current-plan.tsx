import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { contract } from '@app/shared/api/contract';
import { CENTS_PER_DOLLAR, planPriceCents, type PaidPlan } from '@app/shared/domain/billing/billing-plans';
import { formatCurrency, formatDate } from '@app/shared/domain/rules/formatting';
import type { CallOutput } from '@/kit/api/api-client';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { UsageBar } from './usage-bar';

type MySubscription = CallOutput<typeof contract.subscription.mySubscription>;
type Usage = CallOutput<typeof contract.subscription.usageStats>['usage'];

/**
 * The caller's plan: name, price in the plan's own cycle (an annual plan reads "$1,908.00/year", not
 * the monthly list price), and when it expires (a free plan does not). `plan` is the billing summary's.
 */
export function CurrentPlanCard({
  subscription,
  isDemo,
  plan = null,
}: {
  subscription: MySubscription;
  isDemo: boolean;
  plan?: PaidPlan | null;
}) {
  const { t } = useTranslation(['subscription', 'common']);
  const { language } = usePreferences();
  const current = subscription.subscription;
  return (
    <Card data-testid="current-plan">
      <Heading level={2} className="app-card-title">
        {t('subscription:currentPlan.title')}
      </Heading>
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Text className="subscription__plan-name" data-testid="current-plan-name">
          {t(`common:tiers.${current.tier}`)}
        </Text>
        {isDemo ? <Badge variant="warning">{t('common:demo.badge')}</Badge> : null}
      </Flex>
      <Text data-testid="current-plan-price">
        {plan
          ? t(
              plan.cycle === 'annual'
                ? 'subscription:currentPlan.priceAnnual'
                : 'subscription:currentPlan.price',
              {
                price: formatCurrency(planPriceCents(plan) / CENTS_PER_DOLLAR, language),
              },
            )
          : t('subscription:currentPlan.price', {
              price: formatCurrency(subscription.tier_info.price, language),
            })}
      </Text>
      <Text className="app-muted">
        {current.expires_at
          ? t('subscription:currentPlan.expiresOn', { date: formatDate(current.expires_at, language) })
          : t('subscription:currentPlan.freePlan')}
      </Text>
    </Card>
  );
}

/** Today's usage of the three quotas, which reset at midnight UTC. */
export function UsageCard({ usage }: { usage: Usage }) {
  const { t } = useTranslation('subscription');
  return (
    <Card data-testid="current-usage">
      <Heading level={2} className="app-card-title">
        {t('usage.title')}
      </Heading>
      <Flex direction="column" gap="small">
        <UsageBar
          label={t('usage.portfolioAssets')}
          used={usage.portfolio_assets.used}
          limit={usage.portfolio_assets.limit}
        />
        <UsageBar
          label={t('usage.aiRecommendations')}
          used={usage.daily_recommendations.used}
          limit={usage.daily_recommendations.limit}
        />
        <UsageBar
          label={t('usage.marketAlerts')}
          used={usage.market_alerts.used}
          limit={usage.market_alerts.limit}
        />
      </Flex>
      <Text className="app-muted">{t('usage.resetNote')}</Text>
    </Card>
  );
}

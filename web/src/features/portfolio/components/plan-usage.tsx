import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Tier } from '@app/shared/domain/enums';
import { isLowSlotWarning, usageColour, usagePercentage } from '@app/shared/domain/rules/usage';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { ProgressBar } from '@/kit/ui/progress-bar';

const USAGE_TONE = { green: 'success', yellow: 'warning', red: 'error' } as const;

/** The portfolio_assets quota of the caller's plan (docs/product.md "Roles, plans and demo mode"). */
export interface AssetSlots {
  tier: Tier;
  used: number;
  /** -1: unlimited. */
  limit: number;
  unlimited: boolean;
  remaining: number;
}

/** The plan card: the tier, slots used of the limit, what is left, and a progress bar. */
export function PlanUsageCard({ slots }: { slots: AssetSlots }) {
  const { t } = useTranslation(['portfolio', 'common']);
  const { used, limit, unlimited } = slots;
  const percentage = usagePercentage(used, limit);
  return (
    <Card data-testid="plan-card">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2} className="app-card-title">
          {t('portfolio:plan.title')}
        </Heading>
        <Badge variant={slots.tier === 'FREE' ? 'secondary' : 'default'}>
          {t('portfolio:plan.name', { plan: t(`common:tiers.${slots.tier}`) })}
        </Badge>
      </Flex>
      <Text data-testid="plan-usage">
        {unlimited
          ? t('portfolio:plan.usageUnlimited', { used })
          : t('portfolio:plan.usage', { used, limit })}
      </Text>
      <Text>
        {t('portfolio:plan.remaining')}:{' '}
        <strong data-testid="plan-remaining">{unlimited ? t('common:infinity') : slots.remaining}</strong>
      </Text>
      <ProgressBar
        value={percentage}
        label={t('portfolio:plan.title')}
        tone={USAGE_TONE[usageColour(percentage)]}
      />
    </Card>
  );
}

/** Slots left (a warning when few or none), the plans, and Upgrade once the limit is reached. */
export function SlotsBanner({
  remaining,
  canUpgrade,
  onUpgrade,
}: {
  remaining: number;
  canUpgrade: boolean;
  onUpgrade: () => void;
}) {
  const { t } = useTranslation(['portfolio', 'gating']);
  const low = isLowSlotWarning(remaining);
  return (
    <Alert variation={remaining <= 0 || low ? 'warning' : 'info'} data-testid="slots-banner">
      <Flex alignItems="center" gap="small" wrap="wrap">
        <span>
          {remaining <= 0
            ? t('portfolio:plan.limitReached')
            : low
              ? t('portfolio:plan.lowSlots', { count: remaining })
              : t('portfolio:plan.slotsRemaining', { count: remaining })}
        </span>
        <Link to="/subscription">{t('portfolio:plan.viewPlans')}</Link>
        {remaining <= 0 && canUpgrade ? (
          <Button size="small" variation="primary" onClick={onUpgrade} data-testid="slots-upgrade">
            {t('gating:gate.upgrade')}
          </Button>
        ) : null}
      </Flex>
    </Alert>
  );
}

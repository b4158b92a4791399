import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MarketingPlan } from '@app/shared/domain/catalogue/marketing-plans';
import { perkLinesOf } from '@app/shared/domain/catalogue/plan-perks';
import type { Language } from '@app/shared/domain/enums';
import {
  annualBilledPrice,
  displayedMonthlyPrice,
  type BillingPeriod,
} from '@app/shared/domain/rules/pricing';
import { CheckIcon, ShieldIcon } from '@/kit/ui/icons';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { getStartedPath } from '@/lib/sign-up-intent';
import { formatPlanPrice } from './format-price';
import './pricing.css';

export interface PlanCardProps {
  plan: MarketingPlan;
  period: BillingPeriod;
  language: Language;
}

/**
 * One plan: name and features in the visitor's language, the pricing rule of docs/product.md "Business rules
 * and limits".
 */
export function PlanCard({ plan, period, language }: PlanCardProps) {
  const { t } = useTranslation(['pricing', 'common']);
  const name = plan.name[language];
  const nameId = useId();
  return (
    <Card highlighted={plan.popular} className="app-plan" data-testid={`plan-${plan.id}`}>
      <Flex className="app-stack app-plan__body">
        {plan.popular ? (
          <Badge variant="warning" className="app-plan__popular">
            {t('mostPopular')}
          </Badge>
        ) : null}
        <Heading level={2} className="app-plan__name" id={nameId}>
          {name}
        </Heading>
        <Text className="app-plan__price">
          <span className="app-plan__amount" data-testid="plan-price">
            {formatPlanPrice(displayedMonthlyPrice(plan.price, period), language)}
          </span>
          <span className="app-muted">{t('billing.perMonth')}</span>
        </Text>
        <Text className="app-muted app-plan__billing" data-testid="plan-billing">
          {period === 'annual'
            ? t('billing.billedAnnually', {
                amount: formatPlanPrice(annualBilledPrice(plan.price), language),
              })
            : t('billing.billedMonthly')}
        </Text>
        <Text className="app-plan__philosophy">{plan.philosophy[language]}</Text>
        <ul className="app-plan__features">
          {perkLinesOf(plan.tier).map((line) => (
            <li key={line.perk}>
              <CheckIcon size={16} className="app-plan__check" />
              <span>{t(`common:perks.${line.key}`, line.params)}</span>
            </li>
          ))}
        </ul>
        <Badge variant="success" className="app-plan__antibull">
          <ShieldIcon size={14} /> {t('antiBull')}
        </Badge>
        <Link
          to={getStartedPath(plan.tier, period)}
          className={`amplify-button amplify-button--fullwidth ${plan.popular ? 'amplify-button--primary' : ''}`}
          aria-describedby={nameId}
        >
          {t('getStarted')}
        </Link>
      </Flex>
    </Card>
  );
}

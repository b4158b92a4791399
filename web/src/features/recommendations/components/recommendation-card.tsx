import { Button, Flex, Heading, Input, Label, Text } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Recommendation } from '@app/shared/domain/entities/market';
import { AddAssetPayloadSchema } from '@app/shared/domain/entities/portfolio';
import type { AssetType, RecommendationAction } from '@app/shared/domain/enums';
import { confidenceColour, riskLabel } from '@app/shared/domain/rules/display-thresholds';
import { formatCurrency, formatDate, formatPercent } from '@app/shared/domain/rules/formatting';
import {
  confidencePercent,
  expectedReturnPercent,
  riskLevel,
} from '@app/shared/domain/rules/recommendation-derivations';
import { BellIcon, ChartIcon, CoinIcon, CrownIcon, ShieldIcon } from '@/kit/ui/icons';
import { Badge, type BadgeVariant } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { NuggetCard } from './nugget-card';
import { toneClass } from './tone';
import { RecommendationDetail } from './recommendation-detail';
import { GlossaryLabel } from './glossary-label';

const TYPE_ICONS: Record<AssetType, typeof ChartIcon> = {
  stock: ChartIcon,
  crypto: CoinIcon,
  alternative: ShieldIcon,
};

const ACTION_VARIANTS: Record<RecommendationAction, BadgeVariant> = {
  STRONG_BUY: 'success',
  BUY: 'success',
  HOLD: 'warning',
  SELL: 'destructive',
  STRONG_SELL: 'destructive',
};

const DEFAULT_SHARES = '1';

export interface RecommendationCardProps {
  recommendation: Recommendation;
  expanded: boolean;
  onToggle: () => void;
  /** Whose list this is (the detail route's `{user}`): the signed-in user, or the public demo. */
  listOwnerId: string;
  /** Feature custom_alerts: without it the alert button wears a crown and leads to the gate. */
  customAlerts: boolean;
  /** Only a signed-in user can write; a demo visitor reads. */
  canWrite: boolean;
  /** Adds the symbol to the portfolio; rejects with a message to show. */
  onAdd: (recommendation: Recommendation, shares: number) => Promise<void>;
}

function AddRationalForm({
  recommendation,
  onAdd,
}: Pick<RecommendationCardProps, 'recommendation' | 'onAdd'>) {
  const { t } = useTranslation('recommendations');
  const inputId = useId();
  const [shares, setShares] = useState(DEFAULT_SHARES);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddAssetPayloadSchema.shape.shares.safeParse(Number(shares));
    if (shares.trim() === '' || !parsed.success) {
      setError(t('card.invalidShares'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await onAdd(recommendation, parsed.data);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="rec-inline-form" onSubmit={(event) => void submit(event)} noValidate>
      <Flex direction="column" gap="xxs">
        <Label htmlFor={inputId}>{t('card.shares')}</Label>
        <Input
          id={inputId}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={shares}
          hasError={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setShares(event.target.value);
            setError(null);
          }}
        />
      </Flex>
      <Button type="submit" variation="primary" isDisabled={submitting}>
        {submitting ? t('card.adding') : t('card.addRational')}
      </Button>
      {error ? (
        <Text id={`${inputId}-error`} role="alert" className="rec-tone rec-tone--red">
          {error}
        </Text>
      ) : null}
    </form>
  );
}

/**
 * docs/product.md "Screens", recommendations: one recommendation, its figures, and its detail when expanded.
 */
export function RecommendationCard({
  recommendation,
  expanded,
  onToggle,
  listOwnerId,
  customAlerts,
  canWrite,
  onAdd,
}: RecommendationCardProps) {
  const { t } = useTranslation(['recommendations', 'common', 'glossary']);
  const { language } = usePreferences();
  const navigate = useNavigate();
  const detailId = useId();
  const TypeIcon = TYPE_ICONS[recommendation.asset_type];
  const scores = recommendation.nugget_scores;
  const confidence = confidencePercent(recommendation.confidence_score);
  const expectedReturn = expectedReturnPercent(recommendation.target_price, recommendation.current_price);
  const level = riskLevel(scores.risk_score);

  return (
    <Card className="rec-card" data-testid="recommendation-card" data-symbol={recommendation.symbol}>
      <Heading level={3} fontSize="medium">
        <Button
          variation="link"
          className="rec-card__toggle"
          aria-expanded={expanded}
          aria-controls={expanded ? detailId : undefined}
          onClick={onToggle}
        >
          <span className="rec-card__identity">
            <TypeIcon />
            <strong>{recommendation.symbol}</strong>
            <span>{recommendation.name}</span>
            <span className="app-muted">{t(`types.${recommendation.asset_type}`)}</span>
          </span>
          <span className="rec-card__identity">
            <Badge variant={ACTION_VARIANTS[recommendation.recommendation]}>
              {t(`actions.${recommendation.recommendation}`)}
            </Badge>
            <span>{expanded ? t('card.collapse') : t('card.expand')}</span>
          </span>
        </Button>
      </Heading>
      <dl className="rec-metrics">
        <div>
          <dt>{t('card.price')}</dt>
          <dd>{formatCurrency(recommendation.current_price, language)}</dd>
        </div>
        <div>
          <dt>
            <GlossaryLabel term="target_price" />
          </dt>
          <dd>{formatCurrency(recommendation.target_price, language)}</dd>
        </div>
        <div>
          <dt>
            <GlossaryLabel term="confidence_score" />
          </dt>
          <dd className={toneClass(confidenceColour(confidence))}>
            {formatPercent(confidence, language, { maximumFractionDigits: 0 })}
          </dd>
        </div>
        <div>
          <dt>
            <GlossaryLabel term="expected_return" />
          </dt>
          <dd>{formatPercent(expectedReturn, language, { signed: true, maximumFractionDigits: 2 })}</dd>
        </div>
        <div>
          <dt>
            <GlossaryLabel term="risk_level" />
          </dt>
          <dd>
            {t('card.riskLevelValue', { level })} · {t(`risk.${riskLabel(level)}`)}
          </dd>
        </div>
        <div>
          <dt>{t('card.timeframe')}</dt>
          <dd>{t('card.timeframeDefault')}</dd>
        </div>
      </dl>
      <Text className="app-muted" fontSize="small" marginTop="xs">
        {t('card.asOf', { date: formatDate(`${recommendation.as_of}T00:00:00Z`, language, 'UTC') })}
      </Text>
      {expanded ? (
        <Text className="app-muted" fontSize="small" data-testid="confidence-help">
          {t('glossary:confidenceHelp')}
        </Text>
      ) : null}
      {expanded ? null : <NuggetCard scores={scores} compact />}
      {expanded ? (
        <div
          id={detailId}
          className="rec-detail"
          role="region"
          aria-label={t('card.details', { symbol: recommendation.symbol })}
        >
          <RecommendationDetail
            summary={recommendation}
            listOwnerId={listOwnerId}
            canWrite={canWrite}
            actions={
              <>
                <AddRationalForm recommendation={recommendation} onAdd={onAdd} />
                <div>
                  {/* Below custom_alerts it still opens /alerts, where the gate names the plan that adds rules. */}
                  <Button
                    gap="xs"
                    title={customAlerts ? undefined : t('card.alertLocked')}
                    onClick={() => void navigate(`/alerts?rule=${encodeURIComponent(recommendation.symbol)}`)}
                  >
                    <BellIcon size={16} /> {t('card.alert')}
                    {customAlerts ? null : <CrownIcon size={16} />}
                  </Button>
                  {customAlerts ? null : (
                    <Text className="app-muted" fontSize="small">
                      {t('card.alertLocked')}
                    </Text>
                  )}
                </div>
              </>
            }
          />
        </div>
      ) : null}
    </Card>
  );
}

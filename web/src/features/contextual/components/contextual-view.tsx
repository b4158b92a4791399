import {
  Alert,
  Button,
  Flex,
  Heading,
  Link,
  Loader,
  Text,
  ToggleButton,
  ToggleButtonGroup,
} from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { riskLabel } from '@app/shared/domain/rules/display-thresholds';
import { EmptyState } from '@/components/empty-state';
import type { ContextualRecommendation } from '@app/shared/domain/entities/catalysts';
import {
  impactLevel,
  isHighConfidence,
  isHighImpact,
  isUrgent,
  sentimentLabel,
} from '@app/shared/domain/rules/catalyst-thresholds';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { confidencePercent, riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { useContextualRecommendations } from '../api/get-contextual-recommendations';
import './contextual.css';
import { useMarketDate } from '@/kit/market/market-date';

type DataSource = 'demo' | 'real';

export interface ContextualCardProps {
  recommendation: ContextualRecommendation;
  expanded: boolean;
  onToggle: () => void;
}

/** One catalyst-driven recommendation; its AI reasoning opens on demand. */
export function ContextualCard({ recommendation: item, expanded, onToggle }: ContextualCardProps) {
  const { t } = useTranslation(['contextual', 'glossary', 'recommendations']);
  const { language } = usePreferences();
  const reasoningId = useId();
  const impact = impactLevel(item.catalyst_impact);
  const sentiment = sentimentLabel(item.catalyst_sentiment);
  return (
    <Card data-testid="contextual-card" data-symbol={item.symbol}>
      <div className="ctx-row">
        <Heading level={3} fontSize="large">
          {item.symbol}
        </Heading>
        <Text className="app-muted">{item.name}</Text>
        <Badge variant="info">{t(`actions.${item.action}`)}</Badge>
        <Badge variant="secondary">
          {t('card.investmentGrade')}: {item.investment_grade}
        </Badge>
        {isUrgent(item.time_sensitivity) ? <Badge variant="destructive">{t('urgent')}</Badge> : null}
        {isHighImpact(item.catalyst_impact) ? <Badge variant="warning">{t('highImpact')}</Badge> : null}
        {isHighConfidence(item.confidence) ? <Badge variant="success">{t('highConfidence')}</Badge> : null}
      </div>
      <Text marginTop="small">
        <strong>{t('card.catalyst')}:</strong> {t(`catalystTypes.${item.catalyst_type}`)} ·{' '}
        {/* The headline as its source wrote it: data, in the source's language. */}
        <span lang="en">{item.catalyst_title}</span>
      </Text>
      <dl className="ctx-metrics">
        <div>
          <dt>{t('card.catalystStrength')}</dt>
          <dd>{t('strengthValue', { value: formatNumber(item.catalyst_strength, language, 0) })}</dd>
        </div>
        <div>
          <dt>{t('impact.label')}</dt>
          <dd>
            {formatNumber(item.catalyst_impact, language, 0)} · {t(`impact.${impact}`)}
          </dd>
        </div>
        <div>
          <dt>{t('sentiment.label')}</dt>
          <dd>
            {t(`sentiment.${sentiment}`)} ({formatNumber(item.catalyst_sentiment, language, 2)})
          </dd>
        </div>
        <div>
          <dt>{t('card.confidence')}</dt>
          <dd>{formatPercent(confidencePercent(item.confidence), language, { maximumFractionDigits: 0 })}</dd>
        </div>
        <div>
          <dt>
            {item.sample
              ? t('card.priceOn', { date: formatDate(`${item.price_as_of}T00:00:00Z`, language, 'UTC') })
              : t('card.currentPrice')}
          </dt>
          <dd>{formatCurrency(item.current_price, language)}</dd>
        </div>
        <div>
          <dt>{t('card.targetPrice')}</dt>
          <dd>{formatCurrency(item.target_price, language)}</dd>
        </div>
        <div>
          <dt>{t('card.expectedReturn')}</dt>
          <dd>{formatPercent(item.expected_return, language, { signed: true, maximumFractionDigits: 2 })}</dd>
        </div>
        <div>
          <dt>{t('card.financialHealth')}</dt>
          <dd>{formatNumber(item.financial_health, language, 1)}</dd>
        </div>
        <div>
          {/* The product's one risk scale: the 1-10 level with its label, never a second 0-100 score. */}
          <dt>{t('card.riskScore')}</dt>
          <dd data-testid="contextual-risk-level">
            {t('glossary:riskLevelValue', {
              level: riskLevel(item.risk_score),
              label: t(`recommendations:risk.${riskLabel(riskLevel(item.risk_score))}`),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('card.timeSensitivity')}</dt>
          <dd>{t(`timeSensitivity.${item.time_sensitivity}`)}</dd>
        </div>
        <div>
          <dt>{t('card.holdingPeriod')}</dt>
          <dd>{item.holding_period}</dd>
        </div>
      </dl>
      <div className="ctx-row">
        <Text className="app-muted" fontSize="small">
          {t('card.published', { date: formatDate(item.published_date, language, 'UTC') })} ·{' '}
          {item.sample ? (
            t('sample')
          ) : (
            <>
              {t('sourceLabel')} <span lang="en">{item.source}</span>
            </>
          )}
        </Text>
        {item.sample ? (
          <Badge variant="warning" data-testid="sample-headline">
            {t('sample')}
          </Badge>
        ) : null}
        {item.catalyst_url ? (
          <Link href={item.catalyst_url} isExternal>
            {t('viewSource')}
          </Link>
        ) : null}
      </div>
      <Button
        marginTop="small"
        size="small"
        aria-expanded={expanded}
        aria-controls={expanded ? reasoningId : undefined}
        onClick={onToggle}
      >
        {expanded ? t('card.hideReasoning') : t('card.showReasoning')}
      </Button>
      {expanded ? (
        <section id={reasoningId} aria-label={t('card.reasoning')}>
          <Heading level={4} fontSize="medium" marginTop="small">
            {t('card.reasoning')}
          </Heading>
          <Text>{item.reasoning}</Text>
          {item.risk_factors.length > 0 ? (
            <>
              <Heading level={5} marginTop="small">
                {t('card.riskFactors')}
              </Heading>
              <ul>
                {item.risk_factors.map((factor) => (
                  <li key={factor}>{factor}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </Card>
  );
}

/** docs/product.md "Screens", recommendations: the Contextual Intelligence view; loads in demo mode. */
export function ContextualView() {
  const { t } = useTranslation('contextual');
  const { language } = usePreferences();
  const [source, setSource] = useState<DataSource>('demo');
  // Over replayed history the catalysts are the product's sample headlines: real ones need live mode.
  const replay = useMarketDate().replay;
  const [expandedKey, setExpandedKey] = useState<string | null>(null);
  const query = useContextualRecommendations(source === 'demo');
  const data = query.data;

  const tiles = data
    ? ([
        { key: 'recommendations', value: data.summary.total_recommendations },
        { key: 'highConfidence', value: data.summary.high_confidence_count },
        { key: 'catalystsAnalysed', value: data.summary.catalysts_analyzed },
        { key: 'highImpactEvents', value: data.market_context.high_impact_events },
      ] as const)
    : [];

  return (
    <Flex direction="column" gap="medium" className="ctx-view" marginTop="medium">
      <Flex wrap="wrap" justifyContent="space-between" alignItems="center" gap="small">
        <div>
          <Flex alignItems="center" gap="small">
            <Heading level={2}>{t('title')}</Heading>
            {data?.demo_mode ? <Badge variant="warning">{t('demoBadge')}</Badge> : null}
          </Flex>
          <Text className="app-muted">{replay ? t('subtitleReplay') : t('subtitle')}</Text>
        </div>
        <Flex alignItems="center" gap="small" wrap="wrap">
          <ToggleButtonGroup
            value={source}
            isExclusive
            isSelectionRequired
            size="small"
            aria-label={t('mode.label')}
            onChange={(value) => {
              setExpandedKey(null);
              setSource(value === 'real' ? 'real' : 'demo');
            }}
          >
            <ToggleButton value="demo">{t('mode.demo')}</ToggleButton>
            <ToggleButton value="real" isDisabled={replay} title={replay ? t('mode.realReplay') : undefined}>
              {t('mode.real')}
            </ToggleButton>
          </ToggleButtonGroup>
          {replay ? (
            <Text className="app-muted" fontSize="small" data-testid="real-data-note">
              {t('mode.realReplay')}
            </Text>
          ) : null}
          <Button size="small" onClick={() => void query.refetch()} isDisabled={query.isFetching}>
            {t('refresh')}
          </Button>
        </Flex>
      </Flex>

      {query.isPending ? (
        <Flex alignItems="center" gap="small">
          <Loader aria-label={t('loading')} />
          <Text>{t('loading')}</Text>
        </Flex>
      ) : null}
      {query.isError ? (
        <Alert variation="error" role="alert">
          {t('loadFailed')}
        </Alert>
      ) : null}

      {data ? (
        <>
          <div className="ctx-tiles">
            {tiles.map((tile) => (
              <Card key={tile.key}>
                <Text className="app-muted">{t(`summary.${tile.key}`)}</Text>
                <div className="ctx-tile__value">{formatNumber(tile.value, language, 0)}</div>
              </Card>
            ))}
          </div>
          {data.recommendations.length === 0 ? (
            <EmptyState title={t('empty.title')} description={t('empty.description')} level={3} />
          ) : (
            <ul className="ctx-list">
              {data.recommendations.map((item, index) => {
                const key = `${item.symbol}-${item.published_date}-${index}`;
                return (
                  <li key={key}>
                    <ContextualCard
                      recommendation={item}
                      expanded={expandedKey === key}
                      onToggle={() => setExpandedKey((current) => (current === key ? null : key))}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : null}
    </Flex>
  );
}

import { Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortfolioAsset } from '@app/shared/domain/entities/portfolio';
import { Card } from '@/kit/ui/card';
import { FIGURE_SECTIONS } from '@/lib/figure-links';
import { HoldingRow } from './holding-row';

/** The holdings, one expanded at a time; an empty portfolio says how to start. */
export function HoldingsList({
  assets,
  readOnly,
  showEmpty,
  marketDate,
  currency,
}: {
  assets: readonly PortfolioAsset[];
  /** The currency of every amount and price (the ledger's base currency, PortfolioResponse `currency`). */
  currency: string;
  /** The market date the portfolio was valued at. */
  marketDate: string;
  readOnly: boolean;
  /** False while the list failed to load: the error says why it is empty. */
  showEmpty: boolean;
}) {
  const { t } = useTranslation('portfolio');
  const [expandedId, setExpandedId] = useState<string | null>(null);
  return (
    <Card id={FIGURE_SECTIONS.holdings}>
      <Heading level={2} className="app-card-title">
        {t('list.title')}
      </Heading>
      {assets.length === 0 && showEmpty ? (
        <div className="portfolio__empty">
          <Text fontWeight="bold">{t('list.empty')}</Text>
          <Text className="app-muted">{t('list.emptyHint')}</Text>
        </div>
      ) : (
        <ul className="portfolio__holdings" data-testid="holdings-list">
          {assets.map((asset) => (
            <HoldingRow
              key={asset.id}
              asset={asset}
              readOnly={readOnly}
              marketDate={marketDate}
              currency={currency}
              expanded={expandedId === asset.id}
              onToggle={() => setExpandedId((current) => (current === asset.id ? null : asset.id))}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

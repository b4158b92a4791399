import { Heading, Placeholder } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/kit/ui/card';

const ROWS = [0, 1, 2];

/**
 * The outline of what advanced_recommendations adds to a detail (the volume analysis and the risk
 * measures), with no figure in it: the API sends a plan without the feature none, so only placeholder
 * bars are drawn, blurred behind the gate's upgrade box (issue 46: the Free plan's grade and scores stay
 * readable above it).
 */
export function PremiumPreview() {
  const { t } = useTranslation('recommendations');
  return (
    <Card className="rec-volume-risk" data-testid="premium-preview">
      <Heading level={3} fontSize="large">
        {t('volumeRisk.title')}
      </Heading>
      <div className="rec-grid">
        {(['volumeTitle', 'riskTitle'] as const).map((key) => (
          <section key={key}>
            <Heading level={4} fontSize="medium">
              {t(`volumeRisk.${key}`)}
            </Heading>
            {ROWS.map((row) => (
              <Placeholder key={row} size="large" marginTop="small" />
            ))}
          </section>
        ))}
      </div>
    </Card>
  );
}

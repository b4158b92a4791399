import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BACKTEST_ANCHOR, homeClaim } from '@/lib/backtest/backtest-claims';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';

/**
 * What the recommendations page may say about the grade (docs/product.md "Screens", recommendations):
 * only what the committed universe backtest measured, in the home page's words and from the same
 * generated figures (web/src/lib/backtest/backtest-claims.ts), with its caveats and links to the
 * figures and to the track record. No unmeasured claim stands here.
 */
export function PerformanceBanner() {
  const { t } = useTranslation(['recommendations', 'home']);
  const { language } = usePreferences();
  const claim = homeClaim(language);
  return (
    <Card className="rec-performance" data-testid="rec-track-record">
      <Heading level={2} fontSize="large">
        {t('performance.title')}
      </Heading>
      <Text>{t(`home:${claim.key}`, claim.values)}</Text>
      <Flex gap="medium" wrap="wrap" marginTop="small">
        <Link to="/track-record">{t('home:stats.trackRecordLink')}</Link>
        <Link to={BACKTEST_ANCHOR}>{t('home:stats.backtestLink')}</Link>
      </Flex>
    </Card>
  );
}

import { Grid, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { PERK_IDS, perkLinesOf, type PerkId } from '@app/shared/domain/catalogue/plan-perks';
import { TIERS } from '@app/shared/domain/enums';
import { CallToAction, CompactHero } from '@/components/public-page';
import { Card } from '@/kit/ui/card';
import { FeaturePictures } from './feature-pictures';
import './marketing.css';

/** Each plan's line for one perk, from the tier catalogue (null: the plan does not include it). */
function planLines(perk: PerkId) {
  return TIERS.map((tier) => ({
    tier,
    line: perkLinesOf(tier).find((entry) => entry.perk === perk) ?? null,
  }));
}

function PerkCard({ perk }: { perk: PerkId }) {
  const { t } = useTranslation(['features', 'common']);
  return (
    <Card className="app-feature app-features__perk" data-testid={`feature-${perk}`}>
      <Heading level={2} className="app-features__title">
        {t(`perks.${perk}.title`)}
      </Heading>
      <Text>{t(`perks.${perk}.description`)}</Text>
      <dl className="app-features__plans" aria-label={t('plansLabel')}>
        {planLines(perk).map(({ tier, line }) => (
          <div key={tier} className="app-features__plan">
            <dt>{t(`plans.${tier}`)}</dt>
            <dd className={line ? undefined : 'app-muted'}>
              {line ? t(`common:perks.${line.key}`, line.params) : t('notIncluded')}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * docs/product.md "Screens", public pages: what each part of the product does and what each plan includes,
 * one card per perk of shared/src/domain/catalogue/plan-perks.ts, so the page promises only what the server
 * delivers; then pictures of the product as it runs (./feature-pictures.tsx).
 */
export function FeaturesPage() {
  const { t } = useTranslation('features');
  return (
    <>
      <CompactHero title={t('title')} subtitle={t('subtitle')} />
      <section className="app-section">
        <Grid className="app-section__inner app-grid app-grid--3">
          {PERK_IDS.map((perk) => (
            <PerkCard key={perk} perk={perk} />
          ))}
        </Grid>
      </section>
      <FeaturePictures />
      <CallToAction
        title={t('cta.title')}
        subtitle={t('cta.subtitle')}
        to="/pricing"
        button={t('cta.button')}
      />
    </>
  );
}

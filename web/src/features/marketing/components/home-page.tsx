import { Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CallToAction } from '@/components/public-page';
import { Link } from 'react-router-dom';
import {
  BoltIcon,
  BrainIcon,
  ChartIcon,
  CheckIcon,
  ClockIcon,
  ShieldIcon,
  SparkIcon,
  TargetIcon,
  UserIcon,
} from '@/kit/ui/icons';
import { LogoMark } from '@/kit/ui/logo';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { Section } from '@/components/section';
import { usePreferences } from '@/kit/preferences/preferences';
import { BACKTEST_ANCHOR, homeClaim } from '@/lib/backtest/backtest-claims';
import './marketing.css';

const PROBLEMS = [
  { key: 'emotion', icon: <BrainIcon /> },
  { key: 'hype', icon: <BoltIcon /> },
  { key: 'overload', icon: <ChartIcon /> },
  { key: 'time', icon: <ClockIcon /> },
] as const;

const SOLUTIONS = [
  { key: 'dailySignals', icon: <SparkIcon /> },
  { key: 'portfolioAnalysis', icon: <ChartIcon /> },
  { key: 'precisionTargeting', icon: <TargetIcon /> },
] as const;

const CONTROL_STEPS = [
  { key: 'analyse', icon: <BrainIcon /> },
  { key: 'recommend', icon: <SparkIcon /> },
  { key: 'decide', icon: <UserIcon /> },
] as const;

/** The landing page: what the product does and how it measures itself, no invented figure or voice. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { language } = usePreferences();
  const claim = homeClaim(language);
  return (
    <>
      <section className="app-hero">
        <div className="app-hero__inner">
          <LogoMark size={64} />
          <Badge variant="warning" className="app-hero__badge">
            {t('hero.badge')}
          </Badge>
          <Heading level={1} className="app-hero__title">
            {t('hero.title')}
          </Heading>
          <Text className="app-hero__subtitle">{t('hero.subtitle')}</Text>
          <Text className="app-hero__description">{t('hero.description')}</Text>
          <Flex className="app-actions">
            <Link to="/dashboard" className="amplify-button amplify-button--primary amplify-button--large">
              {t('hero.start')}
            </Link>
            {/* A guided tour of the demo account's screens (app/layout/guided-tour.tsx). */}
            <Link
              to="/dashboard?tour=1"
              className="amplify-button amplify-button--large"
              data-testid="watch-demo"
            >
              {t('hero.watchDemo')}
            </Link>
          </Flex>
          <ul className="app-hero__reassurance">
            <li>
              <CheckIcon size={16} /> {t('hero.reassurance.instantAccess')}
            </li>
            <li>
              <CheckIcon size={16} /> {t('hero.reassurance.cancelAnytime')}
            </li>
            <li>
              <ShieldIcon size={16} /> {t('hero.reassurance.guarantee')}
            </li>
          </ul>
        </div>
      </section>

      <Section title={t('problem.title')} subtitle={t('problem.subtitle')} tone="alt">
        <Grid className="app-grid app-grid--4">
          {PROBLEMS.map(({ key, icon }) => (
            <Card key={key} className="app-feature">
              <span className="app-feature__icon app-feature__icon--warning">{icon}</span>
              <Heading level={3}>{t(`problem.points.${key}.title`)}</Heading>
              <Text>{t(`problem.points.${key}.description`)}</Text>
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title={t('solution.title')} subtitle={t('solution.subtitle')}>
        <Grid className="app-grid app-grid--3">
          {SOLUTIONS.map(({ key, icon }) => (
            <Card key={key} className="app-feature">
              <span className="app-feature__icon">{icon}</span>
              <Heading level={3}>{t(`solution.features.${key}.title`)}</Heading>
              <Text>{t(`solution.features.${key}.description`)}</Text>
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title={t('control.title')} subtitle={t('control.subtitle')} tone="alt">
        <ol className="app-steps">
          {CONTROL_STEPS.map(({ key, icon }, index) => (
            <li key={key} className="app-steps__item">
              <span className="app-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="app-feature__icon">{icon}</span>
              <Heading level={3}>{t(`control.steps.${key}.title`)}</Heading>
              <Text>{t(`control.steps.${key}.description`)}</Text>
            </li>
          ))}
        </ol>
      </Section>

      {/* No unmeasured performance figure: what the committed backtest measured, with its caveats
          (functions/src/engine/README.md "Backtest"); the figures come from its generated summary. */}
      <Section title={t('stats.title')}>
        <div data-testid="home-track-record">
          <Text>{t(claim.key, claim.values)}</Text>
          <Flex className="app-home__links">
            <Link to="/track-record">{t('stats.trackRecordLink')}</Link>
            <Link to={BACKTEST_ANCHOR}>{t('stats.backtestLink')}</Link>
            <Link to="/recommendations">{t('stats.recordLink')}</Link>
            <Link to="/methodology#track-record">{t('stats.methodologyLink')}</Link>
          </Flex>
        </div>
      </Section>

      <CallToAction
        title={t('cta.title')}
        subtitle={t('cta.subtitle')}
        to="/dashboard"
        button={t('cta.button')}
        note={t('cta.pricingNote')}
      />
    </>
  );
}

import { Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CallToAction, CompactHero } from '@/components/public-page';
import { BrainIcon, ChartIcon, ClockIcon, ShieldIcon, SparkIcon, UserIcon } from '@/kit/ui/icons';
import { Section } from '@/components/section';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { usePreferences } from '@/kit/preferences/preferences';
import { BACKTEST_ANCHOR, drawdownClaim } from '@/lib/backtest/backtest-claims';
import { Link } from 'react-router-dom';
import './about.css';

const MISSION = [
  { key: 'protect', icon: <ShieldIcon /> },
  { key: 'explain', icon: <SparkIcon /> },
  { key: 'empower', icon: <UserIcon /> },
] as const;
const PRINCIPLES = [
  { key: 'data', icon: <ChartIcon /> },
  { key: 'transparency', icon: <SparkIcon /> },
  { key: 'longTerm', icon: <ClockIcon /> },
  { key: 'humility', icon: <BrainIcon /> },
] as const;
const TEAM = ['claire', 'david', 'lucia', 'thomas'] as const;

function initialsOf(name: string): string {
  return name
    .replace(/^Dr\.\s*/, '')
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('');
}

/**
 * docs/product.md "Screens", public pages: hero, mission, story, philosophy, team of four, call to action.
 */
export function AboutPage() {
  const { t } = useTranslation(['about', 'home']);
  const { language } = usePreferences();
  // The protection claim states the backtest's measured falls (functions/src/engine/README.md "Backtest").
  const drawdowns = drawdownClaim('full', language);
  return (
    <>
      <CompactHero title={t('hero.title')} subtitle={t('hero.subtitle')} />

      <Section title={t('mission.title')}>
        <Grid className="app-grid app-grid--3">
          {MISSION.map(({ key, icon }) => (
            <Card key={key} className="app-feature">
              <span className="app-feature__icon">{icon}</span>
              <Heading level={3}>{t(`mission.points.${key}.title`)}</Heading>
              <Text>{t(`mission.points.${key}.description`, drawdowns)}</Text>
              {key === 'protect' ? <Link to={BACKTEST_ANCHOR}>{t('home:stats.backtestLink')}</Link> : null}
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title={t('story.title')} tone="alt">
        <Flex className="app-stack app-prose">
          <Badge variant="warning">{t('story.founded')}</Badge>
          <Text>{t('story.paragraph1')}</Text>
          <Text>{t('story.paragraph2')}</Text>
          <Text>{t('story.paragraph3')}</Text>
        </Flex>
      </Section>

      <Section title={t('philosophy.title')} subtitle={t('philosophy.subtitle')}>
        <Grid className="app-grid app-grid--4">
          {PRINCIPLES.map(({ key, icon }) => (
            <Card key={key} className="app-feature">
              <span className="app-feature__icon">{icon}</span>
              <Heading level={3}>{t(`philosophy.principles.${key}.title`)}</Heading>
              <Text>{t(`philosophy.principles.${key}.description`)}</Text>
            </Card>
          ))}
        </Grid>
      </Section>

      <Section title={t('team.title')} subtitle={t('team.subtitle')} tone="alt">
        <Grid className="app-grid app-grid--4">
          {TEAM.map((key) => (
            <Card key={key} className="app-team-member">
              <span className="app-avatar" aria-hidden="true">
                {initialsOf(t(`team.members.${key}.name`))}
              </span>
              <Heading level={3}>{t(`team.members.${key}.name`)}</Heading>
              <Text className="app-team-member__role">{t(`team.members.${key}.role`)}</Text>
              <Text>{t(`team.members.${key}.description`)}</Text>
              <dl className="app-team-member__expertise">
                <dt>{t('team.expertiseLabel')}</dt>
                <dd>{t(`team.members.${key}.expertise`)}</dd>
              </dl>
            </Card>
          ))}
        </Grid>
      </Section>

      <CallToAction
        title={t('cta.title')}
        subtitle={t('cta.subtitle')}
        to="/pricing"
        button={t('cta.button')}
      />
    </>
  );
}

import { Grid, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactHero, FaqSection } from '@/components/public-page';
import { ClockIcon, MailIcon, MapPinIcon } from '@/kit/ui/icons';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { ContactForm } from './contact-form';
import './contact.css';

const FAQ = ['response', 'advice', 'billing', 'data'] as const;

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="app-info-card">
      <span className="app-feature__icon">{icon}</span>
      <div>
        <Heading level={3}>{title}</Heading>
        {children}
      </div>
    </Card>
  );
}

/** Part 1 section 2: contact form, information cards, four FAQs. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <>
      <CompactHero title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <Badge variant="success">{t('responseTime')}</Badge>
      </CompactHero>

      <section className="app-section">
        <Grid className="app-section__inner app-contact">
          <Card>
            <Heading level={2} className="app-card-title">
              {t('form.title')}
            </Heading>
            <ContactForm />
          </Card>
          <div className="app-contact__info">
            <Heading level={2} className="app-card-title">
              {t('info.title')}
            </Heading>
            <InfoCard icon={<MailIcon />} title={t('info.email.title')}>
              <Text>{t('info.email.value')}</Text>
              <Text className="app-muted">{t('info.email.description')}</Text>
            </InfoCard>
            <InfoCard icon={<MapPinIcon />} title={t('info.office.title')}>
              <Text>{t('info.office.value')}</Text>
              <Text className="app-muted">{t('info.office.description')}</Text>
            </InfoCard>
            <InfoCard icon={<ClockIcon />} title={t('info.hours.title')}>
              <Text>{t('info.hours.description')}</Text>
              <Text className="app-muted">{t('info.hours.priority')}</Text>
            </InfoCard>
          </div>
        </Grid>
      </section>

      <FaqSection content={t('faq', { returnObjects: true })} order={FAQ} />
    </>
  );
}

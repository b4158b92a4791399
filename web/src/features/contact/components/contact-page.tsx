import { Grid, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactHero, FaqSection } from '@/components/public-page';
import { MailIcon } from '@/kit/ui/icons';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { OPERATOR_CONTACT, type OperatorContact } from '@/kit/config/site-config';
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

/** Who runs the deployment, from the build's site configuration; said plainly when none is configured. */
export function OperatorCard({ operator = OPERATOR_CONTACT }: { operator?: OperatorContact | null }) {
  const { t } = useTranslation('contact');
  return (
    <InfoCard icon={<MailIcon />} title={t('info.operator.title')}>
      {operator ? (
        <dl className="app-definition-list" data-testid="operator-contact">
          <dt className="app-muted">{t('info.operator.title')}</dt>
          <dd>{operator.name}</dd>
          <dt className="app-muted">{t('info.operator.email')}</dt>
          <dd>
            <a href={`mailto:${operator.email}`}>{operator.email}</a>
          </dd>
          {operator.postalAddress ? (
            <>
              <dt className="app-muted">{t('info.operator.address')}</dt>
              <dd>{operator.postalAddress}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <Text data-testid="operator-not-configured">{t('info.operator.notConfigured')}</Text>
      )}
    </InfoCard>
  );
}

/**
 * docs/product.md "Screens", public pages: contact form, the operator's contact details from configuration,
 * four FAQs.
 */
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
            <OperatorCard />
          </div>
        </Grid>
      </section>

      <FaqSection content={t('faq', { returnObjects: true })} order={FAQ} />
    </>
  );
}

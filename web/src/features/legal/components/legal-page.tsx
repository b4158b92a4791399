import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CompactHero } from '@/components/public-page';
import { OPERATOR_CONTACT, type OperatorContact } from '@/kit/config/site-config';
import './legal.css';

/** The sections of each page, in reading order (their texts: `legal:<page>.sections.<key>`). */
const SECTIONS = {
  privacy: ['who', 'stored', 'where', 'browser', 'retention', 'rights'],
  terms: ['service', 'account', 'plans', 'use', 'data', 'end'],
} as const;
export type LegalPageName = keyof typeof SECTIONS;

/** Who runs the deployment when configured; otherwise a plain sentence that no company is named. */
function OperatorLine({ operator }: { operator: OperatorContact | null }) {
  const { t } = useTranslation('legal');
  return (
    <Text className="app-legal__operator" data-testid="legal-operator">
      {operator ? t('operator', { name: operator.name, email: operator.email }) : t('noEntity')}
    </Text>
  );
}

/**
 * The privacy policy (/privacy) and the terms of service (/terms): what the product stores, where, for
 * how long, how to export and delete it (docs/accounts.md "Download my data", "Delete my account"), and
 * the billing rules (docs/product.md "Business rules and limits").
 */
export function LegalPage({
  page,
  operator = OPERATOR_CONTACT,
}: {
  page: LegalPageName;
  operator?: OperatorContact | null;
}) {
  const { t } = useTranslation('legal');
  return (
    <>
      <CompactHero title={t(`${page}.title`)} subtitle={t(`${page}.subtitle`)} />
      <section className="app-section">
        <Flex className="app-section__inner app-stack app-prose app-legal">
          <OperatorLine operator={operator} />
          {SECTIONS[page].map((key) => (
            <section key={key} className="app-legal__section" data-testid={`legal-${key}`}>
              <Heading level={2}>
                {t(`${page}.sections.${key}.title` as `privacy.sections.who.title`)}
              </Heading>
              {(
                t(`${page}.sections.${key}.paragraphs` as `privacy.sections.who.paragraphs`, {
                  returnObjects: true,
                }) as string[]
              ).map((paragraph) => (
                <Text key={paragraph}>{paragraph}</Text>
              ))}
            </section>
          ))}
        </Flex>
      </section>
    </>
  );
}

export function PrivacyPage() {
  return <LegalPage page="privacy" />;
}

export function TermsPage() {
  return <LegalPage page="terms" />;
}

import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '@/features/auth/components/auth-provider';
import { LedgerPage } from '@/features/ledger/components/ledger-page';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** The transactions ledger; the demo visitor is told it needs an account (its routes need a token). */
export function TransactionsRoute() {
  const { t } = useTranslation(['portfolio']);
  const { viewer } = useAuth();
  // An analyst's figure links to its returns per period (lib/figure-links.ts).
  useScrollToHash();
  if (!viewer) return null;
  return (
    <>
      <Link to="/portfolio">{t('portfolio:ledger.page.backLink')}</Link>
      {viewer.isDemo ? <Text role="status">{t('portfolio:ledger.page.demo')}</Text> : <LedgerPage />}
    </>
  );
}

import { Alert, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteQuery } from '@/kit/api/route-query';
import { DividendIncomeSection } from './dividend-income-section';
import { ImportSection } from './import-section';
import { PerformanceSection } from './performance-section';
import { PeriodReturnsSection } from './period-returns-section';
import { RealisedGainsSection } from './realised-gains-section';
import { TransactionForm } from './transaction-form';
import { TransactionsTable } from './transactions-table';
import './ledger.css';

/**
 * The transactions ledger of a signed-in investor: performance at the market date, the rows with
 * add/edit/delete, import with a preview and export (shared/src/domain/ledger/README.md).
 */
export function LedgerPage() {
  const { t, i18n } = useTranslation(['portfolio']);
  const ledger = useRouteQuery(contract.portfolio.listTransactions);
  // The performance section's first answer (the same query and key it asks): the page shows once it is
  // in, so the sections below are not pushed down when the figures arrive (CLS).
  const performance = useRouteQuery(contract.portfolio.performance, { query: {} });
  const [editing, setEditing] = useState<LedgerTransaction | null>(null);

  if (ledger.isPending || performance.isPending) {
    return (
      <Flex gap="small" padding="xl" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('portfolio:ledger.page.loading')}</Text>
      </Flex>
    );
  }
  if (ledger.isError) {
    return (
      <Alert variation="error">
        {serverMessageOf(ledger.error, i18n) ?? t('portfolio:ledger.page.loadFailed')}
      </Alert>
    );
  }
  const { transactions, settings, market_date: marketDate } = ledger.data;
  return (
    <div className="ledger">
      <h1>{t('portfolio:ledger.page.title')}</h1>
      <Text>{t('portfolio:ledger.page.subtitle')}</Text>
      {transactions.length === 0 ? <Text>{t('portfolio:ledger.performance.noTransactions')}</Text> : null}
      <PerformanceSection settings={settings} />
      {transactions.length > 0 ? (
        <>
          <PeriodReturnsSection />
          <RealisedGainsSection costMethod={settings.cost_method} />
          <DividendIncomeSection />
        </>
      ) : null}
      <TransactionForm
        key={editing?.id ?? 'new'}
        editing={editing}
        latestDate={marketDate}
        onDone={() => setEditing(null)}
      />
      <TransactionsTable rows={transactions} onEdit={setEditing} />
      <ImportSection />
    </div>
  );
}

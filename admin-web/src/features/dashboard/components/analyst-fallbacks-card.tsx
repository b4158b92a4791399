import { Heading, TableCell, TableRow } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AdminDashboardResponseSchema } from '@app/shared/domain/entities/admin';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@app/web/kit/preferences';
import { Card } from '@app/web/kit/ui/card';
import { DataTable } from '@/components/data-table';

type Fallbacks = z.output<typeof AdminDashboardResponseSchema>['analyst_fallbacks'];

const ROWS = ['total', 'guard', 'timeout', 'model_error'] as const;

/**
 * docs/product.md "The analyst": the model answers the analyst replaced by its template answer, today
 * and over the last 7 UTC days, by reason (functions/src/data/analyst-fallbacks-repository.ts).
 */
export function AnalystFallbacksCard({ fallbacks }: { fallbacks: Fallbacks }) {
  const { t } = useTranslation('admin');
  const { language } = usePreferences();
  return (
    <Card>
      <Heading level={3} className="app-card-title">
        {t('overview.fallbacks.title')}
      </Heading>
      <DataTable
        testId="admin-analyst-fallbacks"
        columns={[
          t('overview.fallbacks.reason'),
          t('overview.fallbacks.today'),
          t('overview.fallbacks.week'),
        ]}
      >
        {ROWS.map((row) => (
          <TableRow key={row}>
            <TableCell as="th" scope="row">
              {t(`overview.fallbacks.reasons.${row}`)}
            </TableCell>
            <TableCell>{formatNumber(fallbacks.today[row], language, 0)}</TableCell>
            <TableCell>{formatNumber(fallbacks.last_7_days[row], language, 0)}</TableCell>
          </TableRow>
        ))}
      </DataTable>
    </Card>
  );
}

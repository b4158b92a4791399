import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { IMPORT_FORMATS, type ImportFormat } from '@app/shared/domain/ledger/import/preview-import';
import { messageText, serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { routeQueryOptions } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';

/** The presets and our own exports; a CSV of another layout needs a column mapping screen, not built yet. */
const FORMATS = IMPORT_FORMATS.filter((format) => format !== 'mapped-csv');

/** Upload, preview every row with its problems, then import the valid rows in one step. */
export function ImportSection() {
  const { t, i18n } = useTranslation(['portfolio']);
  const preview = useRouteMutation(contract.portfolio.previewImport);
  const importRows = useRouteMutation(contract.portfolio.importTransactions);
  const [format, setFormat] = useState<ImportFormat>('interactive-brokers');
  const [content, setContent] = useState<string | null>(null);
  const body = { format, content: content ?? '' };
  const result = preview.data;
  const issueText = (issue: { code: string; params: unknown; text: string }) =>
    messageText(issue.code, issue.params, i18n) ?? issue.text;

  return (
    <Card className="ledger__section">
      <h2>{t('portfolio:ledger.import.title')}</h2>
      <Text>{t('portfolio:ledger.import.description')}</Text>
      <Flex gap="small" wrap="wrap" alignItems="flex-end">
        <SelectField
          label={t('portfolio:ledger.import.format')}
          value={format}
          onChange={(event) => {
            setFormat(event.target.value as ImportFormat);
            preview.reset();
          }}
        >
          {FORMATS.map((option) => (
            <option key={option} value={option}>
              {t(`portfolio:ledger.importFormats.${option}`)}
            </option>
          ))}
        </SelectField>
        <label className="ledger__file">
          {t('portfolio:ledger.import.file')}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setContent(file ? await file.text() : null);
              preview.reset();
              importRows.reset();
            }}
          />
        </label>
        <Button
          isDisabled={content === null}
          isLoading={preview.isPending}
          onClick={() => preview.mutate({ body })}
        >
          {t('portfolio:ledger.import.preview')}
        </Button>
      </Flex>
      {preview.isError ? (
        <Text role="alert">
          {serverMessageOf(preview.error, i18n) ?? t('portfolio:ledger.import.failed')}
        </Text>
      ) : null}
      {result ? (
        <>
          {result.file_issues.map((issue) => (
            <Text key={issue.code} role="alert">
              {issueText(issue)}
            </Text>
          ))}
          <Text role="status">
            {t('portfolio:ledger.import.summary', {
              valid: result.summary.valid,
              invalid: result.summary.invalid,
              duplicate: result.summary.duplicate,
              already: result.summary.already_imported,
            })}
          </Text>
          <table className="ledger__table">
            <thead>
              <tr>
                <th scope="col">{t('portfolio:ledger.import.row')}</th>
                <th scope="col">{t('portfolio:ledger.fields.type')}</th>
                <th scope="col">{t('portfolio:ledger.fields.date')}</th>
                <th scope="col">{t('portfolio:ledger.fields.symbol')}</th>
                <th scope="col">{t('portfolio:ledger.import.status')}</th>
                <th scope="col">{t('portfolio:ledger.import.problems')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr key={row.row_number} className={`ledger__row--${row.status}`}>
                  <td>{row.row_number}</td>
                  <td>
                    {row.transaction ? t(`portfolio:ledger.transactionTypes.${row.transaction.type}`) : null}
                  </td>
                  <td>{row.transaction?.date ?? null}</td>
                  <td>{row.transaction && 'symbol' in row.transaction ? row.transaction.symbol : null}</td>
                  <td>{t(`portfolio:ledger.importStatuses.${row.status}`)}</td>
                  <td>{row.issues.map(issueText).join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button
            variation="primary"
            isDisabled={result.summary.valid === 0}
            isLoading={importRows.isPending}
            onClick={() => importRows.mutate({ body }, { onSuccess: () => preview.reset() })}
          >
            {t('portfolio:ledger.import.submit', { count: result.summary.valid })}
          </Button>
        </>
      ) : null}
      {importRows.data ? (
        <Text role="status">
          {t('portfolio:ledger.import.imported', {
            imported: importRows.data.imported,
            skipped: importRows.data.skipped,
          })}
        </Text>
      ) : null}
      {importRows.isError ? (
        <Text role="alert">
          {serverMessageOf(importRows.error, i18n) ?? t('portfolio:ledger.import.failed')}
        </Text>
      ) : null}
      <ExportButtons />
    </Card>
  );
}

/** Every transaction as a file: the answer's text saved through a download link. */
function ExportButtons() {
  const { t, i18n } = useTranslation(['portfolio']);
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState<string | null>(null);

  async function download(format: 'csv' | 'json') {
    setFailed(null);
    try {
      const file = await queryClient.fetchQuery(
        routeQueryOptions(contract.portfolio.exportTransactions, { query: { format } }, { staleTime: 0 }),
      );
      const type = format === 'csv' ? 'text/csv' : 'application/json';
      const url = URL.createObjectURL(new Blob([file.content], { type }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error: unknown) {
      setFailed(serverMessageOf(error, i18n) ?? t('portfolio:ledger.export.failed'));
    }
  }

  return (
    <div>
      <h3>{t('portfolio:ledger.export.title')}</h3>
      <Flex gap="small">
        <Button onClick={() => void download('csv')}>{t('portfolio:ledger.export.csv')}</Button>
        <Button onClick={() => void download('json')}>{t('portfolio:ledger.export.json')}</Button>
      </Flex>
      {failed ? <Text role="alert">{failed}</Text> : null}
    </div>
  );
}

import { Button, CheckboxField, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { ColumnMapping } from '@app/shared/domain/ledger/import/column-mapping';
import { IMPORT_FORMATS, type ImportFormat } from '@app/shared/domain/ledger/import/preview-import';
import { messageText, serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { routeQueryOptions } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { MappingEditor } from './mapping-editor';
import { saveFile } from '@/kit/ui/save-file';

/** CSV presets a user may take over with a mapping of their own when the file does not fit them. */
const CSV_PRESETS: ReadonlySet<ImportFormat> = new Set([
  'interactive-brokers',
  'degiro',
  'trading-212',
  'ledger-csv',
]);
/** The words for types listed on the mapping screen, at most (a type column holds a handful). */
const MAX_TYPE_WORDS_SHOWN = 20;

/** The distinct words of the type column, so the screen can ask what each one means. */
function typeWordsOf(
  rows: readonly { cells: Readonly<Record<string, string>> }[],
  column: string | undefined,
) {
  if (column === undefined) return [];
  const words = new Set<string>();
  for (const row of rows) {
    const word = row.cells[column]?.trim();
    if (word) words.add(word);
  }
  return [...words].slice(0, MAX_TYPE_WORDS_SHOWN);
}

/**
 * Upload, preview every row with its problems, then import the valid rows in one step. A CSV of any
 * other layout goes through the mapping screen (MappingEditor); the server proposes the mapping saved
 * for the file's header, else a guess from its column names.
 */
export function ImportSection() {
  const { t, i18n } = useTranslation(['portfolio']);
  const preview = useRouteMutation(contract.portfolio.previewImport);
  const importRows = useRouteMutation(contract.portfolio.importTransactions);
  const [format, setFormat] = useState<ImportFormat>('interactive-brokers');
  const [content, setContent] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const bodyFor = (chosen: ImportFormat, chosenMapping: ColumnMapping | null) => ({
    format: chosen,
    content: content ?? '',
    ...(chosen === 'mapped-csv' && chosenMapping ? { mapping: chosenMapping } : {}),
  });
  const body = { ...bodyFor(format, mapping), ...(allOrNothing ? { all_or_nothing: true } : {}) };
  const runPreview = (chosen: ImportFormat, chosenMapping: ColumnMapping | null) =>
    preview.mutate(
      { body: bodyFor(chosen, chosenMapping) },
      { onSuccess: (answer) => setMapping(answer.mapping?.used ?? null) },
    );
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
            setMapping(null);
            preview.reset();
          }}
        >
          {IMPORT_FORMATS.map((option) => (
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
              setMapping(null);
              preview.reset();
              importRows.reset();
            }}
          />
        </label>
        <Button
          isDisabled={content === null}
          isLoading={preview.isPending}
          onClick={() => runPreview(format, null)}
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
          {result.file_issues.length > 0 && CSV_PRESETS.has(format) ? (
            <Button
              onClick={() => {
                setFormat('mapped-csv');
                runPreview('mapped-csv', null);
              }}
            >
              {t('portfolio:ledger.mapping.takeOver')}
            </Button>
          ) : null}
          {result.mapping && mapping ? (
            <MappingEditor
              key={preview.submittedAt}
              headers={result.mapping.headers}
              mapping={mapping}
              source={result.mapping.source}
              typeWords={typeWordsOf(result.rows, mapping.columns.type)}
              onChange={setMapping}
              onPreview={() => runPreview('mapped-csv', mapping)}
              isPreviewing={preview.isPending}
            />
          ) : null}
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
          <CheckboxField
            name="all_or_nothing"
            label={t('portfolio:ledger.import.allOrNothing')}
            checked={allOrNothing}
            onChange={(event) => setAllOrNothing(event.target.checked)}
          />
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
      {importRows.data && importRows.data.refused.length > 0 ? (
        <ul>
          {importRows.data.refused.map((row) => (
            <li key={row.row_number}>
              {t('portfolio:ledger.import.refusedRow', {
                row: row.row_number,
                reasons: row.issues.map(issueText).join(' '),
              })}
            </li>
          ))}
        </ul>
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
      saveFile(file.content, file.filename, format === 'csv' ? 'text/csv' : 'application/json');
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

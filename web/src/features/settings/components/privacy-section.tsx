import { Alert, Button, Flex, Heading, PasswordField, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { AccountExport } from '@app/shared/domain/entities/account';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { usePasswordLabels } from '@/kit/ui/password-labels';
import type { SessionEndingProps } from './security-section';
import { saveFile } from '@/kit/ui/save-file';
import { DeletionConfirm } from './deletion-confirm';

/** Saves the export's zip through a temporary link (the browser's own download). */
function saveArchive(archive: AccountExport): void {
  const bytes = Uint8Array.from(atob(archive.content_base64), (character) => character.charCodeAt(0));
  saveFile(bytes, archive.file_name, archive.media_type);
}

/** "Download my data" and "Delete my account" (docs/accounts.md). */
export function PrivacySection({ onSessionEnded }: SessionEndingProps) {
  const { t, i18n } = useTranslation(['settings']);
  const passwordLabels = usePasswordLabels();
  const exported = useRouteQuery(contract.auth.exportData, undefined, { enabled: false });
  const remove = useRouteMutation(contract.auth.deleteAccount);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function download() {
    const result = await exported.refetch();
    if (result.data) saveArchive(result.data);
  }

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setConfirming(true);
  }

  async function deleteAccount() {
    setError(null);
    try {
      await remove.mutateAsync({ body: { password } });
    } catch (failure: unknown) {
      setError(serverMessageOf(failure, i18n) ?? t('settings:privacy.deleteFailed'));
      setConfirming(false);
      return;
    }
    await onSessionEnded();
  }

  return (
    <Card data-testid="privacy-section">
      <Heading level={2} className="app-card-title">
        {t('settings:sections.privacy')}
      </Heading>
      <Flex direction="column" gap="medium" marginTop="small">
        <Text className="app-muted">{t('settings:privacy.exportIntro')}</Text>
        <Flex>
          <Button
            onClick={() => void download()}
            isLoading={exported.isFetching}
            loadingText={t('settings:privacy.exporting')}
          >
            {t('settings:privacy.export')}
          </Button>
        </Flex>
        {exported.isError ? <Alert variation="error">{t('settings:privacy.exportFailed')}</Alert> : null}
      </Flex>
      <form onSubmit={askToConfirm} noValidate>
        <Flex direction="column" gap="medium" marginTop="large">
          <Text className="app-muted">{t('settings:privacy.deleteIntro')}</Text>
          <PasswordField
            label={t('settings:privacy.deletePassword')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            {...passwordLabels}
          />
          {error ? (
            <Alert variation="error" role="alert" data-testid="delete-error">
              {error}
            </Alert>
          ) : null}
          {confirming ? (
            <DeletionConfirm
              busy={remove.isPending}
              onConfirm={() => void deleteAccount()}
              onKeep={() => setConfirming(false)}
            />
          ) : (
            <Flex>
              <Button type="submit" variation="destructive" isDisabled={password.length === 0}>
                {t('settings:privacy.delete')}
              </Button>
            </Flex>
          )}
        </Flex>
      </form>
    </Card>
  );
}

import { Alert, Button, Flex, Heading, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { UpdateProfilePayloadSchema, type User } from '@app/shared/domain/entities/user';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { Card } from '@/kit/ui/card';
import { useToast } from '@/kit/ui/toast';
import { SUPPORTED_LANGUAGES } from '@/kit/i18n/i18n-core';
import { isLanguage, isTheme, usePreferences } from '@/kit/preferences/preferences';
import { markPreferencesSynced } from './apply-stored-preferences';
import { BaseCurrencySection } from './base-currency-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { PrivacySection } from './privacy-section';
import { SecuritySection } from './security-section';
import { TwoFactorSection } from './two-factor-section';

export interface SettingsPageProps {
  /** The signed-in user, or null for a demo visitor (whose choices stay in this browser). */
  user: User | null;
  /** Leaves the signed-in app (after "sign out of every session" or the account's deletion). */
  onSessionEnded: () => Promise<void>;
}

/**
 * docs/product.md "Screens" (heading and subtitle) with language, theme and profile; for a signed-in user
 * also the account's sections (docs/accounts.md): password and sessions, two-step sign-in, base currency,
 * notifications, and the user's data (export, deletion).
 */
export function SettingsPage({ user, onSessionEnded }: SettingsPageProps) {
  const { t } = useTranslation(['settings', 'common']);
  const preferences = usePreferences();
  const toast = useToast();
  const [language, setLanguage] = useState<string>(preferences.language);
  const [theme, setTheme] = useState<string>(preferences.theme);
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [error, setError] = useState<string | null>(null);
  // The answer is the saved user: the route's policy puts it in the session's cache, so the header
  // follows at once.
  const update = useRouteMutation(contract.auth.updateMe, {
    onSuccess: (saved) => markPreferencesSynced(saved.id),
  });

  /**
   * A preference applies the moment it is chosen (issue 46: the language waited for Save); a signed-in
   * user's profile follows by itself (useApplyStoredPreferences), so mails go out in the language read now.
   */
  function choosePreference(change: { language: string } | { theme: string }) {
    if ('language' in change) {
      setLanguage(change.language);
      void preferences.setLanguage(change.language);
      return;
    }
    setTheme(change.theme);
    preferences.setTheme(change.theme);
  }

  async function applyLocally() {
    if (isLanguage(language)) await preferences.setLanguage(language);
    if (isTheme(theme)) preferences.setTheme(theme);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!user) {
      await applyLocally();
      toast.show({ title: t('settings:form.saved'), variant: 'success' });
      return;
    }
    const parsed = UpdateProfilePayloadSchema.safeParse({
      first_name: firstName,
      last_name: lastName,
      language,
      theme,
    });
    if (!parsed.success) {
      setError(t('settings:validation.firstNameRequired'));
      return;
    }
    try {
      await update.mutateAsync({ body: parsed.data });
      await applyLocally();
      toast.show({ title: t('settings:form.saved'), variant: 'success' });
    } catch {
      setError(t('settings:form.saveFailed'));
    }
  }

  return (
    <Flex direction="column" gap="large">
      <div>
        <Heading level={1}>{t('settings:title')}</Heading>
        <Text className="app-muted">{t('settings:subtitle')}</Text>
      </div>
      {user ? null : <Alert variation="info">{t('settings:form.demoReadOnly')}</Alert>}
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="large">
          <Card>
            <Heading level={2} className="app-card-title">
              {t('settings:sections.preferences')}
            </Heading>
            <Flex direction="column" gap="medium" marginTop="small">
              <SelectField
                label={t('settings:form.language.label')}
                descriptiveText={t('settings:form.language.description')}
                value={language}
                onChange={(event) => choosePreference({ language: event.target.value })}
              >
                {SUPPORTED_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {t(`common:languageEndonyms.${code}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('settings:form.theme.label')}
                descriptiveText={t('settings:form.theme.description')}
                value={theme}
                onChange={(event) => choosePreference({ theme: event.target.value })}
              >
                <option value="dark">{t('common:themes.dark')}</option>
                <option value="light">{t('common:themes.light')}</option>
              </SelectField>
            </Flex>
          </Card>
          {user ? (
            <Card>
              <Heading level={2} className="app-card-title">
                {t('settings:sections.profile')}
              </Heading>
              <Flex direction="column" gap="medium" marginTop="small">
                <TextField
                  label={t('settings:form.firstName.label')}
                  placeholder={t('settings:form.firstName.placeholder')}
                  value={firstName}
                  onChange={(event) => {
                    setFirstName(event.target.value);
                    setError(null);
                  }}
                  autoComplete="given-name"
                />
                <TextField
                  label={t('settings:form.lastName.label')}
                  placeholder={t('settings:form.lastName.placeholder')}
                  value={lastName}
                  onChange={(event) => {
                    setLastName(event.target.value);
                    setError(null);
                  }}
                  autoComplete="family-name"
                />
                <TextField
                  label={t('settings:form.email.label')}
                  descriptiveText={t('settings:form.email.hint')}
                  value={user.email}
                  isReadOnly
                />
              </Flex>
            </Card>
          ) : null}
          {error ? (
            <Alert variation="error" role="alert" data-testid="settings-error">
              {error}
            </Alert>
          ) : null}
          <Flex>
            <Button
              type="submit"
              variation="primary"
              isLoading={update.isPending}
              loadingText={t('settings:form.saving')}
            >
              {t('settings:form.save')}
            </Button>
          </Flex>
        </Flex>
      </form>
      {user ? (
        <>
          <BaseCurrencySection />
          <NotificationsSection />
          <EmailSection email={user.email} />
          <SecuritySection onSessionEnded={onSessionEnded} />
          <TwoFactorSection email={user.email} />
          <PrivacySection onSessionEnded={onSessionEnded} />
        </>
      ) : null}
    </Flex>
  );
}

import { Alert, Button, Flex, Heading, Loader, SelectField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { BASE_CURRENCIES } from '@app/shared/domain/ledger/currencies';
import type { LedgerSettingsBody } from '@app/shared/domain/entities/ledger';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { Card } from '@/kit/ui/card';
import { useToast } from '@/kit/ui/toast';

type BaseCurrency = LedgerSettingsBody['base_currency'];

/**
 * The ledger's base currency (the same setting the transactions page saves, through the same route):
 * the cost method is sent back unchanged.
 */
export function BaseCurrencySection() {
  const { t, i18n } = useTranslation(['settings']);
  const toast = useToast();
  const ledger = useRouteQuery(contract.portfolio.listTransactions);
  const save = useRouteMutation(contract.portfolio.saveLedgerSettings, {
    onSuccess: () => toast.show({ title: t('settings:baseCurrency.saved'), variant: 'success' }),
  });
  const [chosen, setChosen] = useState<BaseCurrency | null>(null);
  const settings = ledger.data?.settings;
  const value = chosen ?? settings?.base_currency ?? null;

  return (
    <Card data-testid="base-currency-section">
      <Heading level={2} className="app-card-title">
        {t('settings:sections.baseCurrency')}
      </Heading>
      {settings && value ? (
        <Flex
          as="form"
          gap="small"
          alignItems="flex-end"
          wrap="wrap"
          marginTop="small"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ body: { ...settings, base_currency: value } });
          }}
        >
          <SelectField
            label={t('settings:baseCurrency.label')}
            descriptiveText={t('settings:baseCurrency.description')}
            value={value}
            onChange={(event) => setChosen(event.target.value as BaseCurrency)}
          >
            {BASE_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </SelectField>
          <Button type="submit" isLoading={save.isPending}>
            {t('settings:baseCurrency.save')}
          </Button>
        </Flex>
      ) : ledger.isError ? (
        <Alert variation="error">{t('settings:baseCurrency.saveFailed')}</Alert>
      ) : (
        <Loader />
      )}
      {save.isError ? (
        <Alert variation="error" role="alert" marginTop="small">
          {serverMessageOf(save.error, i18n) ?? t('settings:baseCurrency.saveFailed')}
        </Alert>
      ) : null}
    </Card>
  );
}

import { Button, Flex, Input, Label, Text } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { cardProblemsOf } from '@app/shared/domain/billing/payment-card';
import { SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from '@app/shared/domain/billing/sandbox-test-cards';
import type { BillingAnswer } from '@app/shared/domain/entities/billing';
import { isApiError } from '@/kit/api/api-client';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useMessageCodeText, useServerMessage } from '@/kit/api/use-server-message';

type Field = 'number' | 'exp_month' | 'exp_year' | 'cvc';
type Values = Record<Field, string>;

const FIELDS: readonly { field: Field; labelKey: string; inputMode: 'numeric'; autoComplete: string }[] = [
  { field: 'number', labelKey: 'checkout.cardNumber', inputMode: 'numeric', autoComplete: 'cc-number' },
  { field: 'exp_month', labelKey: 'checkout.expMonth', inputMode: 'numeric', autoComplete: 'cc-exp-month' },
  { field: 'exp_year', labelKey: 'checkout.expYear', inputMode: 'numeric', autoComplete: 'cc-exp-year' },
  { field: 'cvc', labelKey: 'checkout.cvc', inputMode: 'numeric', autoComplete: 'cc-csc' },
];

const TEST_CARD_ORDER: readonly SandboxCardBehaviour[] = ['succeeds', 'declines', 'requires_authentication'];

/** Any future expiry works with a test card: the end of next year. */
function testCardValues(behaviour: SandboxCardBehaviour): Values {
  return {
    number: SANDBOX_TEST_CARDS[behaviour],
    exp_month: '12',
    exp_year: String(new Date().getUTCFullYear() + 1),
    cvc: '123',
  };
}

/** The form's problems as message codes per field, checked as the server checks them. */
function problemsOf(values: Values, now: Date) {
  return cardProblemsOf(
    { ...values, exp_month: Number(values.exp_month), exp_year: Number(values.exp_year) },
    now,
  );
}

export interface CardFormProps {
  onSaved: (answer: BillingAnswer) => void;
}

/**
 * The card form of the sandbox gateway: four fields checked like the server checks them, the test
 * numbers a click away, and the server's refusal shown on its field. Nothing is charged here.
 */
export function CardForm({ onSaved }: CardFormProps) {
  const { t } = useTranslation('subscription');
  const formId = useId();
  const codeText = useMessageCodeText();
  const serverMessage = useServerMessage();
  const save = useRouteMutation(contract.subscription.savePaymentMethod);
  const [values, setValues] = useState<Values>({ number: '', exp_month: '', exp_year: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(values, new Date());
    const texts = Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [
        field,
        codeText(problem.code, problem.params) ?? '',
      ]),
    );
    setErrors(texts);
    setFailure(null);
    if (Object.keys(texts).length > 0) return;
    save.mutate(
      {
        body: {
          card: {
            number: values.number,
            exp_month: Number(values.exp_month),
            exp_year: Number(values.exp_year),
            cvc: values.cvc,
          },
        },
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const issue = isApiError(error)
            ? (error.body as { issues?: { path: string }[] } | null)?.issues?.[0]?.path
            : undefined;
          const field = issue?.replace(/^body\.card\./, '') as Field | undefined;
          const text = serverMessage(error) ?? t('billing.toasts.failed');
          if (field && FIELDS.some((candidate) => candidate.field === field)) setErrors({ [field]: text });
          else setFailure(text);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('checkout.cardStep')} data-testid="card-form">
      <Flex direction="column" gap="small">
        {FIELDS.map(({ field, labelKey, inputMode, autoComplete }) => (
          <Flex key={field} direction="column" gap="xxs">
            <Label htmlFor={`${formId}-${field}`}>{t(labelKey as 'checkout.cardNumber')}</Label>
            <Input
              id={`${formId}-${field}`}
              name={field}
              inputMode={inputMode}
              autoComplete={autoComplete}
              value={values[field]}
              hasError={Boolean(errors[field])}
              aria-describedby={errors[field] ? `${formId}-${field}-error` : undefined}
              onChange={(event) => {
                setValues((current) => ({ ...current, [field]: event.target.value }));
                setErrors((current) => ({ ...current, [field]: undefined }));
              }}
            />
            {errors[field] ? (
              <Text id={`${formId}-${field}-error`} role="alert" className="subscription__error">
                {errors[field]}
              </Text>
            ) : null}
          </Flex>
        ))}
        {failure ? (
          <Text role="alert" className="subscription__error">
            {failure}
          </Text>
        ) : null}
        <Button type="submit" variation="primary" isDisabled={save.isPending}>
          {save.isPending ? t('checkout.savingCard') : t('checkout.saveCard')}
        </Button>
        <div className="subscription__test-cards" data-testid="test-cards">
          <Text className="app-muted" fontSize="small">
            {t('checkout.testCards')}
          </Text>
          <ul>
            {TEST_CARD_ORDER.map((behaviour) => (
              <li key={behaviour}>
                <code>{SANDBOX_TEST_CARDS[behaviour]}</code> {t(`checkout.testCard.${behaviour}`)}{' '}
                <Button
                  size="small"
                  variation="link"
                  onClick={() => {
                    setValues(testCardValues(behaviour));
                    setErrors({});
                  }}
                >
                  {t('checkout.useCard')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </Flex>
    </form>
  );
}

import { Alert, Button, Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactFormSchema, type ContactForm as ContactFormValues } from '@app/shared/domain/entities/user';

/** Part 1 sections 4 and 9: the success message shows for 3 s, then the form resets. */
export const CONTACT_SUCCESS_MS = 3_000;

type Field = keyof ContactFormValues;
type FieldErrorKey =
  | 'validation.nameRequired'
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.subjectRequired'
  | 'validation.messageRequired';

const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' };
const REQUIRED_MESSAGE: Record<Field, FieldErrorKey> = {
  name: 'validation.nameRequired',
  email: 'validation.emailRequired',
  subject: 'validation.subjectRequired',
  message: 'validation.messageRequired',
};

/** Field errors from the shared contact schema: all required, email in email format. */
export function validateContactForm(values: ContactFormValues): Partial<Record<Field, FieldErrorKey>> {
  const parsed = ContactFormSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, FieldErrorKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (errors[field]) continue;
    errors[field] =
      field === 'email' && values.email.trim() !== '' ? 'validation.emailInvalid' : REQUIRED_MESSAGE[field];
  }
  return errors;
}

/** The contact form. Submissions stay in this browser (logged locally); no server call is made. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldErrorKey>>>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => {
      setSubmitted(false);
      setValues(EMPTY);
    }, CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [submitted]);

  function edit(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContactForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    console.info('contact form submitted (kept locally)', values);
    setSubmitted(true);
  }

  const fieldProps = (field: Field) => ({
    name: field,
    label: t(`form.${field}.label`),
    placeholder: t(`form.${field}.placeholder`),
    value: values[field],
    isRequired: true,
    hasError: Boolean(errors[field]),
    errorMessage: errors[field] ? t(errors[field]) : undefined,
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.title')} data-testid="contact-form">
      <Flex className="app-stack">
        <TextField
          {...fieldProps('name')}
          autoComplete="name"
          onChange={(event) => edit('name', event.target.value)}
        />
        <TextField
          {...fieldProps('email')}
          type="email"
          autoComplete="email"
          onChange={(event) => edit('email', event.target.value)}
        />
        <TextField {...fieldProps('subject')} onChange={(event) => edit('subject', event.target.value)} />
        <TextAreaField
          {...fieldProps('message')}
          rows={5}
          onChange={(event) => edit('message', event.target.value)}
        />
        {submitted ? (
          <Alert variation="success" role="status" data-testid="contact-success">
            {t('form.success')}
          </Alert>
        ) : null}
        <Button type="submit" variation="primary" isDisabled={submitted}>
          {t('form.submit')}
        </Button>
      </Flex>
    </form>
  );
}

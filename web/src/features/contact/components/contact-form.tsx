import { Alert, Button, Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactFormSchema, type ContactForm as ContactFormValues } from '@app/shared/domain/entities/user';
import { isApiError } from '@/kit/api/api-client';
import { messageText, serverMessageOf } from '@/kit/api/api-error-text';
import { useHydrated } from '@/kit/ui/use-hydrated';
import { sendContactMessage, type SendContactMessage } from '../api/send-contact-message';

type Field = keyof ContactFormValues;
type FieldErrorKey =
  | 'validation.nameRequired'
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.subjectRequired'
  | 'validation.messageRequired';

const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' };
const REQUIRED_MESSAGE: Record<Field, FieldErrorKey> = {
  name: 'validation.nameRequired',
  email: 'validation.emailRequired',
  subject: 'validation.subjectRequired',
  message: 'validation.messageRequired',
};

/** Field errors from the shared contact schema (the API checks the same one): all required, email in email format. */
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

/** The API's 400 as text per field (`body.email` -> email), worded from its message codes. */
function serverFieldErrors(error: unknown, translate: Parameters<typeof messageText>[2]) {
  const found: Partial<Record<Field, string>> = {};
  if (!isApiError(error) || error.status !== 400) return found;
  for (const issue of error.body?.issues ?? []) {
    const field = issue.path.replace(/^body\./, '') as Field;
    if (!FIELDS.includes(field) || found[field]) continue;
    found[field] = messageText(issue.message_code, issue.params, translate) ?? issue.message;
  }
  return found;
}

/**
 * The contact form: it posts to the API (POST /api/contact) for the admin Inbox and says the message
 * was sent only once the server accepted it; a refusal shows the server's message. `website` is a
 * honeypot, out of sight and out of the tab order: people leave it empty, form-filling bots do not.
 */
export function ContactForm({ send = sendContactMessage }: { send?: SendContactMessage }) {
  const { t, i18n } = useTranslation('contact');
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const hydrated = useHydrated();

  function edit(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSent(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContactForm(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setSending(true);
    try {
      await send({ ...values, ...(honeypot ? { website: honeypot } : {}) }, i18n.language);
      setSent(true);
      setValues(EMPTY);
    } catch (error: unknown) {
      setErrors(serverFieldErrors(error, i18n));
      setFailure(serverMessageOf(error, i18n) ?? t('form.failed'));
    } finally {
      setSending(false);
    }
  }

  const fieldProps = (field: Field) => ({
    name: field,
    label: t(`form.${field}.label`),
    placeholder: t(`form.${field}.placeholder`),
    value: values[field],
    isRequired: true,
    // Typing before the page's code runs would be lost (the fields' state starts empty): they open with the button.
    isDisabled: !hydrated,
    hasError: Boolean(errors[field]),
    errorMessage: errors[field],
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('form.title')}
      data-testid="contact-form"
    >
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
        <div className="app-contact__trap" aria-hidden="true">
          <label>
            {t('form.website')}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => setHoneypot(event.target.value)}
            />
          </label>
        </div>
        {sent ? (
          <Alert variation="success" role="status" data-testid="contact-success">
            {t('form.success')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert variation="error" role="alert" data-testid="contact-error">
            {failure}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variation="primary"
          isDisabled={!hydrated}
          isLoading={sending}
          loadingText={t('form.sending')}
        >
          {t('form.submit')}
        </Button>
      </Flex>
    </form>
  );
}

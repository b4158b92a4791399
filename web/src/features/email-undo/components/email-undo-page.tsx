import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppWords } from '@/kit/i18n/use-app-words';
import { postEmailUndo } from '../api/undo-email-change';

type State =
  | { kind: 'ready' }
  | { kind: 'working' }
  | { kind: 'done'; email: string }
  | { kind: 'failed'; text: string };

/**
 * Where the link mailed to the old address lands (docs/accounts.md "E-mail change"). Nothing happens on
 * load (a mail scanner opening the link must not undo a change): the owner presses the button, the
 * account moves back to this address, every session ends, and the page says to reset the password.
 */
export function EmailUndoPage({ send = postEmailUndo }: { send?: typeof postEmailUndo }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  // A public page: the settings' words are in the signed-in part of the strings, loaded here.
  const wordsReady = useAppWords();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'ready' });

  async function undo() {
    setState({ kind: 'working' });
    try {
      const result = await send(token, i18n.language);
      setState({ kind: 'done', email: result.email });
    } catch (error: unknown) {
      const body = (error as { body?: { error?: string } | null }).body;
      setState({ kind: 'failed', text: body?.error ?? t('settings:email.undo.failed') });
    }
  }

  if (!wordsReady) return <Loader aria-label={t('common:status.loading')} />;
  return (
    <section className="app-section">
      <div className="app-section__inner" data-testid="email-undo">
        <Heading level={1}>{t('settings:email.undo.title')}</Heading>
        <Flex direction="column" gap="medium" marginTop="small">
          {token ? (
            <Text>{t('settings:email.undo.intro')}</Text>
          ) : (
            <Alert variation="error">{t('settings:email.undo.missing')}</Alert>
          )}
          {state.kind === 'done' ? (
            <Alert variation="success">{t('settings:email.undo.done', { email: state.email })}</Alert>
          ) : null}
          {state.kind === 'failed' ? <Alert variation="error">{state.text}</Alert> : null}
          {token && state.kind !== 'done' ? (
            <Flex>
              <Button
                variation="primary"
                onClick={() => void undo()}
                isLoading={state.kind === 'working'}
                loadingText={t('settings:email.undo.working')}
              >
                {t('settings:email.undo.button')}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </div>
    </section>
  );
}

import { Alert, Heading, Link, Loader } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { UnsubscribeResult } from '@app/shared/domain/entities/mail';
import { useAppWords } from '@/kit/i18n/use-app-words';
import { postUnsubscribe } from '../api/unsubscribe';

type State =
  { kind: 'working' } | { kind: 'done'; result: UnsubscribeResult } | { kind: 'failed'; text: string };

/**
 * Where a mail's unsubscribe link lands: it turns that one mail off at once (one click, no sign-in)
 * and says which, or shows the API's refusal (an altered or expired link) in the page's language.
 */
export function UnsubscribePage({ send = postUnsubscribe }: { send?: typeof postUnsubscribe }) {
  const { t, i18n } = useTranslation(['alerts', 'common']);
  // A public page: the alerts' words are in the signed-in part of the strings, loaded here.
  const wordsReady = useAppWords();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    let current = true;
    send(token, i18n.language)
      .then((result) => current && setState({ kind: 'done', result }))
      .catch((error: unknown) => {
        const body = (error as { body?: { error?: string } | null }).body;
        if (current) setState({ kind: 'failed', text: body?.error ?? t('alerts:unsubscribe.failed') });
      });
    return () => {
      current = false;
    };
    // One request per token; a language switch afterwards does not unsubscribe again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, send]);

  if (!wordsReady) return <Loader aria-label={t('common:status.loading')} />;
  return (
    <section className="app-section">
      <div className="app-section__inner" data-testid="unsubscribe">
        <Heading level={1}>{t('alerts:unsubscribe.title')}</Heading>
        {state.kind === 'working' && <Loader aria-label={t('alerts:unsubscribe.working')} />}
        {state.kind === 'done' && (
          <Alert variation="success">
            {t(`alerts:unsubscribe.done.${state.result.channel}`, {
              type: t(`alerts:types.${state.result.alert_type}`),
            })}
          </Alert>
        )}
        {state.kind === 'failed' && <Alert variation="error">{state.text}</Alert>}
        <Link href="/alerts">{t('alerts:unsubscribe.settings')}</Link>
      </div>
    </section>
  );
}

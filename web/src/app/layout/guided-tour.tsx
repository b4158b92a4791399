import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '@/features/auth/components/auth-provider';

/** Watch Demo's steps: a screen of the demo account each, in this order. */
export const TOUR_STEPS = ['dashboard', 'portfolio', 'recommendations', 'alerts'] as const;

/** The 1-based step a `?tour=` value names, or null when it names none. */
export function tourStepOf(value: string | null): number | null {
  const step = Number(value);
  return Number.isInteger(step) && step >= 1 && step <= TOUR_STEPS.length ? step : null;
}

/**
 * The guided tour Watch Demo opens (`/dashboard?tour=1`): a visitor without an account enters the demo;
 * each step is a panel over its screen, with Back, Next and End tour, keyboard reachable (focus moves
 * to the panel on every step; Escape ends the tour).
 */
export function GuidedTour() {
  const { t } = useTranslation('shell');
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { status, enterDemo } = useAuth();
  const step = tourStepOf(search.get('tour'));
  const heading = useRef<HTMLHeadingElement>(null);
  const screen = step === null ? null : TOUR_STEPS[step - 1];

  useEffect(() => {
    if (step !== null && status === 'unauthenticated') enterDemo(`/${TOUR_STEPS[step - 1]}?tour=${step}`);
  }, [step, status, enterDemo]);
  // The panel shows once the session is known (a visitor has entered the demo): focus moves to it.
  const shown = step !== null && (status === 'authenticated' || status === 'demo');
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [step, shown]);
  useEffect(() => {
    if (step === null) return;
    // The page the visitor is on when the key is pressed (this closure may predate the last step).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void navigate(window.location.pathname);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [step, navigate]);

  if (!shown || screen === undefined || screen === null) return null;
  const goTo = (next: number) => void navigate(`/${TOUR_STEPS[next - 1]}?tour=${next}`);
  const last = step === TOUR_STEPS.length;
  return (
    <section
      className="app-tour"
      role="dialog"
      aria-modal="false"
      aria-labelledby="app-tour-title"
      data-testid="guided-tour"
    >
      <Text as="p" className="app-muted" fontSize="small">
        {t('tour.progress', { step, total: TOUR_STEPS.length })}
      </Text>
      <h2 id="app-tour-title" className="app-tour__title" tabIndex={-1} ref={heading}>
        {t(`tour.steps.${screen}.title`)}
      </h2>
      <Text>{t(`tour.steps.${screen}.body`)}</Text>
      <Flex gap="small" justifyContent="flex-end" wrap="wrap" marginTop="small">
        <Button size="small" variation="link" onClick={() => void navigate(pathname)}>
          {t('tour.end')}
        </Button>
        {step > 1 ? (
          <Button size="small" onClick={() => goTo(step - 1)}>
            {t('tour.back')}
          </Button>
        ) : null}
        <Button
          size="small"
          variation="primary"
          onClick={() => (last ? void navigate(pathname) : goTo(step + 1))}
        >
          {last ? t('tour.finish') : t('tour.next')}
        </Button>
      </Flex>
    </section>
  );
}

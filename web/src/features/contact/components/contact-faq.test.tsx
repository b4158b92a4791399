import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { ContactPage } from './contact-page';

/** The FAQ answer under the question that reads `question`. */
function answerTo(question: RegExp): string {
  return screen.getByText(question).closest('details')?.querySelector('p')?.textContent ?? '';
}

describe('contact page FAQ: what a plan change does, as billing does it (issue 46)', () => {
  it.each([
    [
      'en',
      /^How do I change or cancel my plan\?$/,
      /downgrade or a cancellation takes effect at the end of the period you paid for/,
    ],
    [
      'fr',
      /^Comment changer ou résilier mon offre/,
      /inférieure ou une résiliation s’applique à la fin de la période payée/,
    ],
    [
      'es',
      /^¿Cómo cambio o cancelo mi plan\?$/,
      /inferior o una cancelación se aplica al final del periodo pagado/,
    ],
  ] as const)(
    'in %s: an upgrade at once, a downgrade or a cancellation at the end of the paid period',
    async (language, question, periodEnd) => {
      await renderWithProviders(<ContactPage />, { language });
      const answer = answerTo(question);
      expect(answer).toMatch(periodEnd);
      // The seen claim: every change "takes effect immediately".
      expect(answer).not.toMatch(
        /take effect immediately|prennent effet immédiatement|surten efecto de inmediato/i,
      );
    },
  );
});

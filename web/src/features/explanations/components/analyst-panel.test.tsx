import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalystAnswer } from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { AnalystPanel } from './analyst-panel';

/*
 * The analyst panel (docs/product.md "The analyst") in each language: the question goes to the
 * route of its subject, the answer shows as generated, with its date and the figures it used in the
 * reader's number and date format; a refusal shows the server's message in the reader's language.
 */

const answerIn = (language: Language, text: string): AnalystAnswer => ({
  text,
  intent: 'why_grade',
  language,
  generated_by: 'template',
  as_of: '2017-01-03',
  figures: [
    { id: 'score.composite', label: 'composite', value: 68.44, unit: 'score', as_of: '2017-01-03' },
    { id: 'risk.max_drawdown_1y', label: 'drawdown', value: 24.31, unit: 'percent', as_of: '2017-01-03' },
    { id: 'volume.ratio_20d', label: 'volume ratio', value: 1.2, unit: 'ratio', as_of: '2017-01-03' },
  ],
  quota: { used: 1, limit: 3, remaining: 2 },
});

// Expected texts written by hand from charts.json and the product's rule: numbers and dates in the
// reader's own locale (en-US, fr-FR, es-ES; docs/messages.md "Languages, numbers and dates").
const CASES = [
  {
    language: 'en',
    question: 'Why this grade?',
    ask: 'Ask',
    generated: 'Generated from the fact sheet',
    asOf: 'Figures as of Jan 3, 2017',
    composite: '68.4',
    drawdown: '24.3%',
  },
  {
    language: 'fr',
    question: 'Pourquoi cette note ?',
    ask: 'Demander',
    generated: 'Texte généré à partir de la fiche',
    asOf: 'Chiffres au 3 janv. 2017',
    composite: '68,4',
    drawdown: '24,3 %',
  },
  {
    language: 'es',
    question: '¿Por qué esta nota?',
    ask: 'Preguntar',
    generated: 'Texto generado a partir de la ficha',
    asOf: 'Cifras a 3 ene 2017',
    composite: '68,4',
    drawdown: '24,3 %',
  },
] as const;

describe('AnalystPanel', () => {
  it.each(CASES)('asks about the asset and shows the generated answer in $language', async (expected) => {
    const requests = installFakeApi((request) =>
      request.path === '/api/ai/analyst'
        ? { body: answerIn(expected.language, `answer in ${expected.language}`) }
        : undefined,
    );
    await renderWithProviders(withQueryClient(<AnalystPanel symbol="AAPL" />), {
      language: expected.language,
    });

    fireEvent.change(screen.getByRole('textbox'), { target: { value: expected.question } });
    fireEvent.click(screen.getByRole('button', { name: expected.ask }));

    const answer = await screen.findByTestId('analyst-answer');
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      body: { question: expected.question, symbol: 'AAPL' },
    });
    expect(within(answer).getByText(expected.generated)).toBeTruthy();
    expect(within(answer).getByText(`answer in ${expected.language}`)).toBeTruthy();
    expect(within(answer).getByText(expected.asOf)).toBeTruthy();
    const figures = within(answer).getByTestId('analyst-figures');
    const composite = figures.querySelector('[data-fact-id="score.composite"]') as HTMLElement;
    const drawdown = figures.querySelector('[data-fact-id="risk.max_drawdown_1y"]') as HTMLElement;
    expect(composite.textContent).toContain(expected.composite);
    expect(drawdown.textContent?.replace(/\s/g, ' ')).toContain(expected.drawdown);
    // Each figure links to the screen that shows it (lib/figure-links.ts); the volume ratio is on no
    // screen the asset's reader can open, so it has no link.
    expect(within(composite).getByRole('link', { name: 'composite' }).getAttribute('href')).toBe(
      '/screener?explain=AAPL#explained-why-grade',
    );
    expect(within(drawdown).getByRole('link', { name: 'drawdown' }).getAttribute('href')).toBe(
      '/screener?explain=AAPL#explained-why-grade',
    );
    const volume = figures.querySelector('[data-fact-id="volume.ratio_20d"]') as HTMLElement;
    expect(volume.textContent).toContain('volume ratio');
    expect(within(volume).queryByRole('link')).toBeNull();
  });

  it('asks about the portfolio without a symbol, and shows a quota refusal in French', async () => {
    const requests = installFakeApi((request) =>
      request.path === '/api/portfolio/analyst'
        ? {
            status: 403,
            body: {
              error: 'x',
              code: 'QUOTA_EXCEEDED',
              message_code: 'PLAN_QUOTA_DAILY_USED',
              params: { units: 'analyst_questions', plan: 'FREE', count: 3 },
            },
          }
        : undefined,
    );
    await renderWithProviders(withQueryClient(<AnalystPanel />), { language: 'fr' });

    const ask = screen.getByRole('button', { name: 'Demander' });
    expect(ask.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), {
      target: { value: 'Quelle est ma position la plus risquée ?' },
    });
    fireEvent.click(ask);

    const refusal = await screen.findByRole('alert');
    expect(requests.at(-1)?.body).toEqual({ question: 'Quelle est ma position la plus risquée ?' });
    expect(refusal.textContent).toContain("questions à l'analyste");
  });
});

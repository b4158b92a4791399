import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../enums';
import { resources } from '../../i18n';
import { PLAN_MESSAGE_CODES, fillPlaceholders, planMessage, renderPlanMessage } from './plan-message-codes';

const texts = {
  en: resources.en.subscription.planMessages,
  fr: resources.fr.subscription.planMessages,
  es: resources.es.subscription.planMessages,
};

describe('plan message codes', () => {
  it('lists each code once', () => {
    expect(new Set(PLAN_MESSAGE_CODES).size).toBe(PLAN_MESSAGE_CODES.length);
  });

  it.each(LANGUAGES)('has a text for every code in %s, and no text without a code', (language) => {
    expect(Object.keys(texts[language]).sort()).toEqual([...PLAN_MESSAGE_CODES].sort());
  });

  it('fills placeholders, leaving unknown ones as written', () => {
    expect(fillPlaceholders('{{a}} and {{ b }} but {{c}}', { a: 1, b: 'two' })).toBe('1 and two but {{c}}');
  });

  it('renders a message in each language', () => {
    const message = planMessage('PLAN_ALERT_RULES_LIMIT', { limit: 50 });

    expect(renderPlanMessage(message, texts)).toBe(
      'Your plan keeps up to 50 custom alert rules. Delete one to add another.',
    );
    expect(renderPlanMessage(message, texts, 'fr')).toContain('jusqu’à 50 règles');
    expect(renderPlanMessage(message, texts, 'es')).toContain('hasta 50 reglas');
  });
});

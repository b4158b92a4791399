import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../enums';
import { resources } from '../../i18n';
import { BILLING_MESSAGE_CODES } from './billing-message-codes';

describe('billing message codes', () => {
  it('lists each code once', () => {
    expect(new Set(BILLING_MESSAGE_CODES).size).toBe(BILLING_MESSAGE_CODES.length);
  });

  it.each(LANGUAGES)('has a text for every code in %s, and no text without a code', (language) => {
    const texts = resources[language].subscription.billingMessages as Record<string, string>;

    expect(Object.keys(texts).sort()).toEqual([...BILLING_MESSAGE_CODES].sort());
  });
});

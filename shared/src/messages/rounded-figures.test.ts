import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { messageResources } from '../i18n/message-resources';
import { message } from './message';
import { renderMessage, type Translate } from './render-message';

/*
 * Issue 45: no raw float on screen. A ratio the engine computes to full precision ("P/E 17.16646659")
 * is shown with the two decimals a ratio needs, in each language's number format.
 */
const translator = i18next.createInstance();
void translator.init({
  resources: messageResources as unknown as Record<string, Record<string, Record<string, unknown>>>,
  lng: 'en',
  fallbackLng: false,
  ns: ['messages', 'terms'],
  defaultNS: 'messages',
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});
const translate: Translate = (key, options) => translator.t(key, options);

describe('figures in server messages', () => {
  it('shows a ratio driver with two decimals, never the engine float', () => {
    const driver = message('DRIVER_NUMBER', { input: 'pe_ratio', value: 17.16646659 });
    expect(renderMessage(driver, 'en', translate)).toBe('P/E 17.17');
    expect(renderMessage(driver, 'fr', translate)).toBe('PER 17,17');
    expect(renderMessage(driver, 'es', translate)).toBe('PER 17,17');
  });

  it('shows a recommendation price and target with two decimals, a rate under 10 with four', () => {
    const summary = (price: number, target: number) =>
      message('RECOMMENDATION_SUMMARY', {
        action: 'BUY',
        symbol: 'X',
        price,
        target,
        expected: 4.5,
        grade: 'B',
      });
    expect(renderMessage(summary(143.660004, 150.129876), 'en', translate)).toBe(
      'Buy X at 143.66: target 150.13 (+4.5 %) in 3-6 months, grade B.',
    );
    // A rate such as EURUSD=X keeps four decimals, never the float's fifteen.
    expect(renderMessage(summary(1.052301999, 1.1), 'fr', translate)).toContain('1,0523');
    expect(renderMessage(summary(1.052301999, 1.1), 'fr', translate)).toContain('1,10');
  });
});

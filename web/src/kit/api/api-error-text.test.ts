import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n-core';
import { loadFromSharedResources } from '../test/render';
import { ApiError } from './api-client';
import { serverMessageOf, upgradeMessageOf } from './api-error-text';

const translatorIn = (language: 'en' | 'fr' | 'es') =>
  createI18n(language, { load: loadFromSharedResources, parts: ['public'] });

const refusal = (
  messageCode: string,
  params: Record<string, unknown>,
  error = 'English text from the server',
) =>
  new ApiError(403, {
    error,
    code: 'QUOTA_EXCEEDED',
    message_code: messageCode,
    params: params as never,
    detail: { upgrade_message: error, required_tier: 'PRO', user_tier: 'PREMIUM' },
  });

describe('the text of an API error', () => {
  it('renders the message code in the site language, not the language the server answered in', async () => {
    const error = refusal('PLAN_FEATURE_FROM_TIER', { feature: 'custom_alerts', tier: 'PRO' });

    expect(serverMessageOf(error, await translatorIn('fr'))).toBe(
      'Alertes personnalisées : disponible à partir de la formule Platinum. Passez à Platinum pour en profiter.',
    );
    expect(upgradeMessageOf(error, await translatorIn('es'))).toBe(
      'Alertas personalizadas: disponible desde el plan Platinum. Cámbiese a Platinum para usarlo.',
    );
  });

  it("shows the server's own text for a code this build does not know, and nothing without a body", async () => {
    const unknown = refusal('A_CODE_FROM_A_NEWER_SERVER', {}, 'Texto del servidor');

    expect(serverMessageOf(unknown, await translatorIn('es'))).toBe('Texto del servidor');
    expect(serverMessageOf(new ApiError(0, null, 'network'), await translatorIn('es'))).toBeNull();
  });
});

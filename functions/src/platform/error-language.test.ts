import { describe, expect, it } from 'vitest';
import { message } from '@app/shared/messages/message';
import { errorReplyOf } from './error-response';
import { NotFoundError, QuotaExceededError, ValidationError } from './errors';
import { hasAcceptLanguage, languageOfHeader } from './messages';

/*
 * The platform's one error mapping, in the caller's language: the body carries the text, the code of
 * the shared catalogue and its parameters (so a site can word it itself), and each bad field's own
 * message naming the field. Expected texts are written out by hand from the resources.
 */

describe('the caller language', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['es-419, en;q=0.5', 'es'],
    ['FR-fr', 'fr'],
    ['en-GB,fr;q=0.9', 'en'],
    ['de, es;q=0.1', 'es'],
    ['de-DE,de;q=0.9', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['*', 'en'],
  ] as const)('reads %j as %s (en, fr, es; English otherwise)', (header, expected) => {
    expect(languageOfHeader(header)).toBe(expected);
  });
});

describe('whether a request names a language', () => {
  it('counts one of en, fr, es in any case or region, not a wildcard nor only other languages', () => {
    expect(hasAcceptLanguage({ 'Accept-Language': 'es-ES,es;q=0.9' })).toBe(true);
    expect(hasAcceptLanguage({ 'accept-language': 'de-DE, FR;q=0.5' })).toBe(true);
    expect(hasAcceptLanguage({ 'accept-language': '*' })).toBe(false);
    expect(hasAcceptLanguage({ 'accept-language': 'de-DE,de;q=0.9' })).toBe(false);
    expect(hasAcceptLanguage({})).toBe(false);
  });
});

describe('errorReplyOf', () => {
  const badFields = new ValidationError([
    { path: 'body.email', message: message('FIELD_NOT_EMAIL', { field: 'email' }) },
    { path: 'body.shares', message: message('FIELD_TOO_SMALL', { field: 'shares', minimum: 0.00000001 }) },
  ]);

  it('names each bad field in Spanish, with the codes and parameters a site renders itself', () => {
    const reply = errorReplyOf(badFields, 'req-1', 'es');

    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error:
        'Solicitud no válida: Correo electrónico: introduzca un correo electrónico válido. ' +
        'Participaciones: debe ser al menos 0,00000001.',
      code: 'VALIDATION_FAILED',
      message_code: 'REQUEST_INVALID',
      params: {
        issues: [
          { code: 'FIELD_NOT_EMAIL', params: { field: 'email' } },
          { code: 'FIELD_TOO_SMALL', params: { field: 'shares', minimum: 0.00000001 } },
        ],
      },
      request_id: 'req-1',
      issues: [
        {
          path: 'body.email',
          message: 'Correo electrónico: introduzca un correo electrónico válido.',
          message_code: 'FIELD_NOT_EMAIL',
          params: { field: 'email' },
        },
        {
          path: 'body.shares',
          message: 'Participaciones: debe ser al menos 0,00000001.',
          message_code: 'FIELD_TOO_SMALL',
          params: { field: 'shares', minimum: 0.00000001 },
        },
      ],
    });
  });

  it('words the quota refusal and its upgrade detail alike, in French', () => {
    const refusal = new QuotaExceededError(
      message('PLAN_FEATURE_FROM_TIER', { feature: 'advanced_analytics', tier: 'PREMIUM' }),
      'PREMIUM',
      'FREE',
    );

    const reply = errorReplyOf(refusal, 'req-2', 'fr');

    const text =
      'Analyses avancées : disponible à partir de la formule Premium. Passez à Premium pour en profiter.';
    expect(reply.body).toMatchObject({
      error: text,
      code: 'QUOTA_EXCEEDED',
      message_code: 'PLAN_FEATURE_FROM_TIER',
      params: { feature: 'advanced_analytics', tier: 'PREMIUM' },
      detail: { upgrade_message: text, required_tier: 'PREMIUM', user_tier: 'FREE' },
    });
  });

  it('keeps the English text for an English caller and an unexpected fault', () => {
    expect(
      errorReplyOf(new NotFoundError(message('PORTFOLIO_HOLDING_NOT_FOUND')), 'r', 'en').body.error,
    ).toBe('This holding was not found in your portfolio.');
    expect(errorReplyOf(new Error('boom'), 'r', 'es').body).toMatchObject({
      error: 'Se produjo un error inesperado. Vuelva a intentarlo.',
      code: 'INTERNAL_ERROR',
      message_code: 'INTERNAL_ERROR',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { SiteConfigError, operatorFromEnvironment } from './site-config';

describe('operatorFromEnvironment', () => {
  it('reads the operator a build was given, trimmed', () => {
    expect(
      operatorFromEnvironment({
        VITE_OPERATOR_NAME: ' Example Ops Ltd ',
        VITE_OPERATOR_EMAIL: 'help@example.org',
        VITE_OPERATOR_ADDRESS: '1 Rue Test, Paris',
      }),
    ).toEqual({ name: 'Example Ops Ltd', email: 'help@example.org', postalAddress: '1 Rue Test, Paris' });
  });

  it('is null when nothing is set, so the page says so', () => {
    expect(operatorFromEnvironment({ VITE_OPERATOR_NAME: '  ' })).toBeNull();
  });

  it('refuses a half-set or malformed operator', () => {
    expect(() => operatorFromEnvironment({ VITE_OPERATOR_NAME: 'Ops' })).toThrow(SiteConfigError);
    expect(() => operatorFromEnvironment({ VITE_OPERATOR_NAME: 'Ops', VITE_OPERATOR_EMAIL: 'nope' })).toThrow(
      SiteConfigError,
    );
  });
});

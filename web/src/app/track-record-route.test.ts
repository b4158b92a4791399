import { describe, expect, it } from 'vitest';
import { routes } from './router';

describe('track record route', () => {
  it('is a public page: it sits with the pages that need no sign-in, not in the signed-in shell', () => {
    const [publicLayout, appShell] = routes;
    expect(publicLayout?.children?.some((route) => route.path === 'track-record')).toBe(true);
    expect(appShell?.children?.some((route) => route.path === 'track-record')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';

describe('csp-safe-zod: zod never probes new Function (the CSP refuses eval)', () => {
  // The contract's schemas are classic zod, whose object parser compiles itself with new Function unless jitless.
  it('zod, loaded after it, reads jitless and builds and parses object schemas without new Function', async () => {
    await import('./csp-safe-zod');
    const { config, object, string } = await import('zod');
    expect(config().jitless).toBe(true);
    // Any call of Function's constructor, as the CSP would see it.
    const probed: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        probed.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = object({ name: string() });
      expect(schema.parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    } finally {
      globalThis.Function = original;
    }
    expect(probed).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './contract';
import { buildOpenApiDocument } from './openapi';

const committedPath = fileURLToPath(new URL('../../openapi.json', import.meta.url));

describe('OpenAPI document', () => {
  const generated = buildOpenApiDocument();

  it('is current: shared/openapi.json equals what the contract generates (run `npm run openapi`)', () => {
    const committed = JSON.parse(readFileSync(committedPath, 'utf8')) as unknown;
    expect(committed).toEqual(generated);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(generated) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  }, 30_000);

  it('the validator really rejects a broken document', async () => {
    const broken = structuredClone(generated) as { info: Record<string, unknown> };
    delete broken.info.version;
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
    // Validating the whole document takes seconds on a loaded two-core machine.
  }, 30_000);

  it('has one operation per contract route', () => {
    const paths = generated.paths as Record<string, Record<string, unknown>>;
    const operations = Object.values(paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(ROUTES.length);
  });
});

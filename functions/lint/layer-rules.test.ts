import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The layer rule as the repository configures it (eslint.config.js), run on code that exists only in
 * memory, placed by its file path. An import against the layers must be refused with the rule's
 * message; the same import pointing down must pass.
 */

const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: REPOSITORY_ROOT });

async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n\nexport const unused = 1;\n`, {
    filePath: `${REPOSITORY_ROOT}/${filePath}`,
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'layers/import-direction')
    .map((message) => message.message);
}

// The first lint loads the repository's whole ESLint configuration: seconds on a loaded machine.
describe('functions/src layer rule', { timeout: 30_000 }, () => {
  it('refuses an upward import: the platform reading a repository', async () => {
    const messages = await layerMessages(
      'functions/src/platform/example.ts',
      "export { createUsersRepository } from '../data/users-repository';",
    );
    expect(messages).toEqual([
      'platform (platform) must not import data (repositories): imports point down, areas -> services -> repositories and engine -> platform.',
    ]);
  });

  it('refuses a repository importing a service, however deep the relative path', async () => {
    const messages = await layerMessages(
      'functions/src/data/nested/example.ts',
      "import { createMarketEngine } from '../../market-data/market-engine';\nexport const use = createMarketEngine;",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^data \(repositories\) must not import market-data \(services\)/);
  });

  it('keeps the engine pure: no repository, config, platform or provider, and no package outside its list', async () => {
    const cases = [
      "import { keys } from '../data/keys';",
      "import { getConfig } from '../config';",
      "import { logger } from '../../platform/observability';",
      "import { ReplayPriceProvider } from '../market-data/providers/replay/replay-price-provider';",
      "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    ];
    for (const [index, code] of cases.entries()) {
      const path =
        index === 2 ? 'functions/src/engine/analytics/example.ts' : 'functions/src/engine/example.ts';
      const messages = await layerMessages(
        path,
        `${code}\nexport const use = [${code.match(/\{ (\w+) \}/)?.[1]}];`,
      );
      expect(messages, code).toHaveLength(1);
      expect(messages[0], code).toMatch(/^The engine is pure/);
    }
  });

  it('refuses one area importing another', async () => {
    const messages = await layerMessages(
      'functions/src/portfolio/example.ts',
      "import { getRecommendations } from '../market/recommendations-service';\nexport const use = getRecommendations;",
    );
    expect(messages).toEqual([
      'Areas do not import each other (portfolio -> market): move what both need into a service.',
    ]);
  });

  it('lets repositories use the engine for types only', async () => {
    const valueImport = await layerMessages(
      'functions/src/data/example.ts',
      "import { scoreRisk } from '../engine/analytics/price-factors';\nexport const use = scoreRisk;",
    );
    expect(valueImport).toEqual([
      "Repositories may use the engine's types only: write `import type` for engine.",
    ]);
    const typeImport = await layerMessages(
      'functions/src/data/example.ts',
      "import type { Bar } from '../engine/types';\nexport type Stored = Bar;",
    );
    expect(typeImport).toEqual([]);
  });

  it('accepts imports that point down, and the engine reading itself and @app/shared', async () => {
    const downward: [string, string][] = [
      [
        'functions/src/market/example.ts',
        "import { createMarketEngine } from '../market-data/market-engine';",
      ],
      [
        'functions/src/market-data/example.ts',
        "import { analyzeSymbol } from '../engine/analytics/analyze-symbol';",
      ],
      ['functions/src/data/example.ts', "import { createDocumentClient } from '../platform/dynamo-client';"],
      ['functions/src/engine/example.ts', "import { scoreToGrade } from '@app/shared/domain/rules/grades';"],
      ['functions/src/engine/catalysts/example.ts', "import { scoreSentiment } from './score-sentiment';"],
    ];
    for (const [path, code] of downward) {
      expect(
        await layerMessages(path, `${code}\nexport const use = ${code.match(/\{ (\w+) \}/)?.[1]};`),
        path,
      ).toEqual([]);
    }
  });

  it('keeps DynamoDB commands in the repositories; a service may hold the client by type only', async () => {
    const command = await layerMessages(
      'functions/src/market/example.ts',
      "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\nexport const use = QueryCommand;",
    );
    expect(command).toEqual([
      "Tables are read and written only through their repository in data/: import '@aws-sdk/lib-dynamodb' there (types of the client are fine: `import type`).",
    ]);
    const clientType = await layerMessages(
      'functions/src/entitlements/example.ts',
      "import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';\nexport type Client = DynamoDBDocumentClient;",
    );
    expect(clientType).toEqual([]);
  });

  it('keeps testing/ out of the product: no layer imports it, while it may compose any layer', async () => {
    for (const path of ['functions/src/jobs/example.ts', 'functions/src/engine/example.ts']) {
      const messages = await layerMessages(
        path,
        "import { createInMemoryMarketStore } from '../testing/in-memory-market-store';\nexport const use = createInMemoryMarketStore;",
      );
      expect(messages, path).toEqual([
        `${path.split('/')[2]} must not import testing/: test scaffolding is for tests and the bench only (docs/testing.md).`,
      ]);
    }
    const scaffolding = await layerMessages(
      'functions/src/testing/example.ts',
      "import { handler } from '../jobs/price-poll';\nexport const use = handler;",
    );
    expect(scaffolding).toEqual([]);
  });

  it('asks for a new top-level folder to be placed in a layer first', async () => {
    const messages = await layerMessages(
      'functions/src/market/example.ts',
      "import { anything } from '../somewhere-new/module';\nexport const use = anything;",
    );
    expect(messages).toEqual([
      "'somewhere-new' is not in a layer yet: add it to LAYERS in functions/lint/layer-rules.js.",
    ]);
  });
});

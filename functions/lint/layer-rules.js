// The layers of functions/src as an ESLint rule (docs/architecture.md "Layers"). Imports point one
// way: areas -> services -> repositories and the engine -> platform. The rule resolves every relative
// import to the folder it lands in, so `../../data/x` and `../data/x` are judged alike.
import { dirname, relative, resolve, sep } from 'node:path';

/** Top-level entries of functions/src, by layer. A new folder must be placed here before it lints. */
export const LAYERS = {
  platform: { rank: 0, folders: ['platform', 'config'] },
  engine: { rank: 1, folders: ['engine'] },
  repositories: { rank: 1, folders: ['data'] },
  services: {
    rank: 2,
    folders: [
      'market-data',
      'catalysts',
      'user-alerts',
      'content',
      'entitlements',
      'billing',
      'notifications',
      'analyst-model',
    ],
  },
  areas: { rank: 3, folders: ['admin', 'auth', 'market', 'portfolio', 'public', 'subscription', 'jobs'] },
  /**
   * Test scaffolding (in-memory stores, fixtures, harnesses): above every layer, so it may compose
   * any of them and nothing of the product may import it; only tests and the bench do
   * (docs/testing.md, "Test scaffolding").
   */
  testing: { rank: 4, folders: ['testing'] },
};

/**
 * What the engine may import besides itself and @app/shared: Node's hash (deterministic alert ids).
 * Nothing that reads a table, a file, the network or the environment: the sentiment lexicon comes in
 * as an argument (catalysts/sentiment-lexicon.ts reads it).
 */
export const ENGINE_PACKAGES = ['node:crypto'];

/** Only repositories (and the platform's client and idempotency store) send DynamoDB commands. */
const DYNAMODB_PACKAGES = ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'];

const SOURCE_ROOT_MARKER = `${sep}functions${sep}src${sep}`;

function layerOfFolder(folder) {
  for (const [name, layer] of Object.entries(LAYERS)) {
    if (layer.folders.includes(folder)) return { name, ...layer };
  }
  return null;
}

/** The top-level entry of functions/src a path belongs to, or null outside functions/src. */
function topFolderOf(sourceRoot, absolutePath) {
  const inside = relative(sourceRoot, absolutePath);
  if (inside.startsWith('..') || inside === '') return null;
  return (inside.split(sep)[0] ?? '').replace(/\.ts$/, '');
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type')
  );
}

const importDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports inside functions/src point down the layers (docs/architecture.md).' },
    schema: [],
    messages: {
      unplaced: "'{{folder}}' is not in a layer yet: add it to LAYERS in functions/lint/layer-rules.js.",
      upward:
        '{{from}} ({{fromLayer}}) must not import {{to}} ({{toLayer}}): imports point down, areas -> services -> repositories and engine -> platform.',
      enginePure:
        'The engine is pure: it imports only itself and @app/shared, not {{to}} (pass data in as arguments).',
      enginePackage:
        "The engine is pure: '{{specifier}}' is not one of its allowed packages (functions/lint/layer-rules.js).",
      repositoryToEngine: "Repositories may use the engine's types only: write `import type` for {{to}}.",
      tableOutsideRepository:
        "Tables are read and written only through their repository in data/: import '{{specifier}}' there (types of the client are fine: `import type`).",
      areaToArea: 'Areas do not import each other ({{from}} -> {{to}}): move what both need into a service.',
      testingOnly:
        '{{from}} must not import testing/: test scaffolding is for tests and the bench only (docs/testing.md).',
    },
  },
  create(context) {
    const filename = context.filename;
    const markerAt = filename.lastIndexOf(SOURCE_ROOT_MARKER);
    if (markerAt < 0) return {};
    const sourceRoot = filename.slice(0, markerAt + SOURCE_ROOT_MARKER.length - 1);
    const fromFolder = topFolderOf(sourceRoot, filename);
    const fromLayer = fromFolder ? layerOfFolder(fromFolder) : null;

    function check(node, sourceNode) {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const specifier = sourceNode.value;
      if (!fromFolder) return;
      if (!fromLayer) {
        context.report({ node, messageId: 'unplaced', data: { folder: fromFolder } });
        return;
      }
      if (!specifier.startsWith('.')) {
        const shared = specifier === '@app/shared' || specifier.startsWith('@app/shared/');
        if (fromLayer.name === 'engine' && !shared && !ENGINE_PACKAGES.includes(specifier)) {
          context.report({ node, messageId: 'enginePackage', data: { specifier } });
        } else if (
          DYNAMODB_PACKAGES.includes(specifier) &&
          !['repositories', 'platform'].includes(fromLayer.name) &&
          !isTypeOnly(node)
        ) {
          context.report({ node, messageId: 'tableOutsideRepository', data: { specifier } });
        }
        return;
      }
      const toFolder = topFolderOf(sourceRoot, resolve(dirname(filename), specifier));
      if (!toFolder || toFolder === fromFolder) return;
      const toLayer = layerOfFolder(toFolder);
      if (!toLayer) {
        context.report({ node, messageId: 'unplaced', data: { folder: toFolder } });
        return;
      }
      const data = { from: fromFolder, to: toFolder, fromLayer: fromLayer.name, toLayer: toLayer.name };
      if (toLayer.name === 'testing') {
        context.report({ node, messageId: 'testingOnly', data });
      } else if (fromLayer.name === 'engine') {
        context.report({ node, messageId: 'enginePure', data });
      } else if (toLayer.rank > fromLayer.rank) {
        context.report({ node, messageId: 'upward', data });
      } else if (fromLayer.name === 'repositories' && toLayer.name === 'engine') {
        if (!isTypeOnly(node)) context.report({ node, messageId: 'repositoryToEngine', data });
      } else if (fromLayer.name === 'areas' && toLayer.name === 'areas') {
        context.report({ node, messageId: 'areaToArea', data });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const layersPlugin = { rules: { 'import-direction': importDirection } };

// One lint setup for the whole tree. Type-aware rules are left out on purpose: `npm run typecheck`
// already runs the compiler, and linting stays fast enough to run on every commit.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import { layersPlugin } from './functions/lint/layer-rules.js';

/**
 * Sites: features do not import each other; they compose in src/app/. Inside a feature,
 * go through the `@/` alias for anything outside it, so a relative `../../other-feature` cannot slip
 * past the rule. components/ and lib/ are shared by everyone and import no feature and no app code.
 */
const SITES = ['web', 'admin-web'];

/**
 * Sites, size and sharing. What both sites share lives in web/src/kit and is declared in web's
 * package.json `exports` (`@app/web/kit/...`): the admin site imports the investor site through that
 * surface only, never its features, app or scripts, nor by a relative path. Nothing is copied between
 * the sites (the duplicate check, scripts/check-duplicates.mjs). These patterns join every import rule
 * of the admin site below, because a later `no-restricted-imports` replaces an earlier one.
 */
const SITE_IMPORT_PATTERNS = {
  web: [],
  'admin-web': [
    {
      regex: '^@app/web(?!/kit/)',
      message: "The admin site uses the investor site's shared kit only: import from '@app/web/kit/...'.",
    },
    {
      regex: '^(\\.\\./)+web(/|$)',
      message: "Reach the investor site through '@app/web/kit/...', not a relative path.",
    },
  ],
};

/**
 * The kit is what both sites share, so it imports neither site's code: `@/` would mean a different
 * src/ in each site's build, and a relative path out of web/src/kit reaches the investor site's own.
 */
const kitBlock = (files, leaveKit) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^@/',
            message: "The kit imports its own modules by relative path ('@/' differs per site).",
          },
          { regex: leaveKit, message: "The kit imports nothing of the investor site's own code." },
        ],
      },
    ],
  },
});
const KIT_BLOCKS = [
  kitBlock(['web/src/kit/*.{ts,tsx}'], '^\\.\\./'),
  kitBlock(['web/src/kit/*/**/*.{ts,tsx}'], '^(\\.\\./){2,}'),
];

/** No site source file over 300 lines: split a page into named sections (docs/add-an-endpoint.md). */
const SITE_SIZE_BLOCK = {
  files: ['web/**/*.{ts,tsx}', 'admin-web/**/*.{ts,tsx}'],
  rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
};

function siteBoundaryBlocks(site) {
  const sitePatterns = SITE_IMPORT_PATTERNS[site];
  const featuresDirectory = new URL(`./${site}/src/features/`, import.meta.url);
  const features = existsSync(featuresDirectory)
    ? readdirSync(featuresDirectory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
  const featureBlocks = features.map((feature) => ({
    files: [`${site}/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${feature}/)`,
              message: `Features do not import each other: compose '${feature}' with other features in src/app/.`,
            },
            { regex: '^@/app(/|$)', message: 'Features do not import the app; the app imports features.' },
            { regex: '^(\\.\\./){2,}', message: "Leave a feature through the '@/' alias, not '../../'." },
            ...sitePatterns,
          ],
        },
      ],
    },
  }));
  return [
    // Every file of the site first; features, components and lib add their own patterns below.
    ...(sitePatterns.length > 0
      ? [
          {
            files: [`${site}/**/*.{ts,tsx}`],
            rules: { 'no-restricted-imports': ['error', { patterns: sitePatterns }] },
          },
        ]
      : []),
    ...featureBlocks,
    {
      files: [`${site}/src/components/**/*.{ts,tsx}`, `${site}/src/lib/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^@/(features|app)(/|$)',
                message: 'components/ and lib/ are shared: no feature or app imports.',
              },
              {
                regex: '^\\.\\.?/.*features/',
                message: 'components/ and lib/ are shared: no feature imports.',
              },
              ...sitePatterns,
            ],
          },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '**/.local/**',
      '**/coverage/**',
      'shared/openapi.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // shared/ is pure domain: both backends and both sites import it.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*'], message: 'shared/ has no AWS SDK.' },
            { group: ['react', 'react-dom', 'react-*'], message: 'shared/ has no React.' },
            {
              group: ['@app/functions', '@app/infra', '@app/web', '@app/admin-web'],
              message: 'shared/ depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  ...SITES.flatMap(siteBoundaryBlocks),
  // ---- functions/src: layers and file size (docs/architecture.md) --------------------------------
  // Imports point one way: areas -> services -> repositories and the engine -> platform; the engine
  // is pure. The rule and its layer table live in functions/lint/layer-rules.js; its test,
  // functions/lint/layer-rules.test.ts, lints in-memory upward imports and expects them refused.
  {
    files: ['functions/src/**/*.ts'],
    // Tests may compose layers (an engine test reads real replay data); production code may not.
    ignores: ['functions/src/**/*.test.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/import-direction': 'error' },
  },
  // Provider internals are private to their folder (docs/add-a-provider.md): outside
  // market-data/providers/<name>/, production code imports a provider through its `index` or the
  // registry only. Tests and test scaffolding (testing/) may reach inside (fixtures, the replay loaders).
  {
    files: ['functions/src/**/*.ts'],
    ignores: [
      'functions/src/**/*.test.ts',
      'functions/src/testing/**',
      'functions/src/market-data/providers/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'providers/[a-z-]+/(?!index$)[^/]+',
              message:
                "A provider's internals are private to its folder: import 'providers/<name>/index' (or providers/registry), and export what you need there.",
            },
          ],
        },
      ],
    },
  },
  {
    // A file a newcomer can read in one sitting, tests included. Data files (JSON) are not linted.
    files: ['functions/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  // ---- end of the functions/src block -------------------------------------------------------------
  ...KIT_BLOCKS,
  SITE_SIZE_BLOCK,
  prettier,
);

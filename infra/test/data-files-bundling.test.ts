import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sentimentLexicon } from '@app/functions/catalysts/sentiment-lexicon';
import { loadOfflineHeadlines } from '@app/functions/market-data/providers/replay/offline-news-provider';
import { DATA_FILE_NAMES } from '@app/functions/platform/data-files';
import {
  AppFunction,
  DATA_FILES_DIR_IN_LAMBDA,
  REPOSITORY_ROOT,
  dataFileCommands,
} from '../lib/constructs/app-function';
import { bundledInputsOf } from './support/bundle-graph';
import { buildTestApp } from './support/build-test-app';

/*
 * The sentiment lexicon, the offline headline set and the server's messages are read at run time,
 * not bundled (functions/src/platform/data-files.ts): a Lambda gets them as files written after
 * esbuild into `data/` beside the handler, with DATA_FILES_DIR pointing there.
 */
const NEWS_READERS = [
  'functions/src/catalysts/sentiment-lexicon.ts',
  'functions/src/market-data/providers/replay/offline-news-provider.ts',
];
/** What used to be inlined: none of it may come back into a bundle. */
const NEVER_BUNDLED = [
  'node_modules/afinn-165-financialmarketnews/',
  'offline-headlines.json',
  'shared/src/i18n/locales/',
  'node_modules/nodemailer/',
];

describe('data files shipped with the functions that read them', () => {
  let functions: AppFunction[];
  const inputs = new Map<string, string[]>();
  beforeAll(async () => {
    const { app } = buildTestApp({ placeholderCode: 'true' });
    functions = app.node.findAll().filter((node): node is AppFunction => node instanceof AppFunction);
    for (const entry of new Set(functions.map((fn) => fn.entry)))
      inputs.set(entry, await bundledInputsOf(entry));
  }, 120_000);

  it('points every function at the data directory (any answer may carry a message)', () => {
    expect(functions.length).toBeGreaterThanOrEqual(13);
    for (const fn of functions) {
      const stack = Stack.of(fn);
      const logicalId = stack.getLogicalId(fn.function.node.defaultChild as CfnFunction);
      const resource = Template.fromStack(stack).toJSON().Resources[logicalId] as {
        Properties: { Environment: { Variables: Record<string, unknown> } };
      };
      expect(resource.Properties.Environment.Variables.DATA_FILES_DIR, fn.entry).toBe(
        DATA_FILES_DIR_IN_LAMBDA,
      );
    }
  });

  it('ships the news data to exactly the functions whose bundle scores news: the market area, the price poll, the content job', () => {
    const scoring = functions
      .filter((fn) => inputs.get(fn.entry)?.some((path) => NEWS_READERS.includes(path)))
      .map((fn) => fn.entry)
      .sort();
    expect(scoring).toEqual([
      'functions/src/jobs/content-generation.ts',
      'functions/src/jobs/price-poll.ts',
      'functions/src/market/handler.ts',
    ]);
    expect(
      functions
        .filter((fn) => fn.newsData)
        .map((fn) => fn.entry)
        .sort(),
    ).toEqual(scoring);
  });

  it('bundles none of the data itself, nor nodemailer (the cloud mails through SES)', () => {
    for (const [entry, paths] of inputs) {
      expect(
        paths.filter((path) => NEVER_BUNDLED.some((part) => path.includes(part))),
        entry,
      ).toEqual([]);
    }
  });
});

describe('the files the bundling step writes', () => {
  const outputDir = mkdtempSync(join(tmpdir(), 'nugget-data-files-'));
  afterAll(() => rmSync(outputDir, { recursive: true, force: true }));
  afterEach(() => {
    delete process.env.DATA_FILES_DIR;
  });

  it('load through the functions’ own readers', () => {
    for (const command of dataFileCommands(true, REPOSITORY_ROOT, outputDir))
      execSync(command, { stdio: 'pipe' });
    process.env.DATA_FILES_DIR = join(outputDir, 'data');
    // The package's README: AFINN-165 plus the financial-market-news words, 3,555 entries.
    const lexicon = sentimentLexicon();
    expect(Object.keys(lexicon)).toHaveLength(3555);
    expect(lexicon.abandon).toBe(-2);
    // offline-headlines.json holds 83 items, replay-001 to replay-083.
    const headlines = loadOfflineHeadlines();
    expect(headlines).toHaveLength(83);
    expect(headlines[0]?.id).toBe('replay-001');
    for (const language of ['en', 'fr', 'es']) {
      const shipped = readFileSync(
        join(outputDir, 'data', DATA_FILE_NAMES.messages(language, 'messages')),
        'utf8',
      );
      const source = readFileSync(
        join(REPOSITORY_ROOT, `shared/src/i18n/locales/${language}/messages.json`),
        'utf8',
      );
      expect(JSON.parse(shipped)).toEqual(JSON.parse(source));
    }
  }, 60_000);

  it('are what a Lambda reads: with DATA_FILES_DIR set and no file there, loading fails loudly', () => {
    process.env.DATA_FILES_DIR = join(outputDir, 'missing');
    expect(() => loadOfflineHeadlines()).toThrow(/ENOENT/);
  });
});

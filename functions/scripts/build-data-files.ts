/**
 * Writes the data files a Lambda reads at run time instead of bundling them (src/platform/data-files.ts):
 * `tsx functions/scripts/build-data-files.ts <directory> [--news]`. Always the server's messages and
 * terms in en, fr and es; with `--news` also the sentiment lexicon and the offline headline set (the
 * functions that score news). Each is read with the same reader the local stack uses, so what ships is
 * what runs locally, validated.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LANGUAGES } from '@app/shared/domain/enums';
import { readInstalledLexicon } from '../src/catalysts/sentiment-lexicon';
import {
  loadOfflineHeadlines,
  readSourceHeadlineFile,
} from '../src/market-data/providers/replay/offline-news-provider';
import { DATA_FILE_NAMES } from '../src/platform/data-files';
import { readSourceNamespace } from '../src/platform/messages';

const directory = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
if (!directory) throw new Error('usage: build-data-files.ts <directory> [--news]');

const files: Record<string, unknown> = {};
for (const language of LANGUAGES) {
  for (const namespace of ['messages', 'terms'] as const) {
    files[DATA_FILE_NAMES.messages(language, namespace)] = readSourceNamespace(language, namespace);
  }
}
if (process.argv.includes('--news')) {
  files[DATA_FILE_NAMES.sentimentLexicon] = readInstalledLexicon();
  const headlines = readSourceHeadlineFile();
  loadOfflineHeadlines(headlines); // refuses a malformed set here rather than in a cold start
  files[DATA_FILE_NAMES.offlineHeadlines] = headlines;
}
let bytes = 0;
for (const [name, content] of Object.entries(files)) {
  const path = join(directory, name);
  mkdirSync(dirname(path), { recursive: true });
  const text = JSON.stringify(content);
  writeFileSync(path, text);
  bytes += text.length;
}
console.log(`wrote ${Object.keys(files).length} data files in ${directory}: ${(bytes / 1024).toFixed(1)} KB`);

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Data the functions read at run time instead of carrying it in their bundle: the server's messages in
 * en, fr and es, the sentiment lexicon and the offline headline set. In Lambda the files sit in
 * `data/` beside the handler, written after esbuild by functions/scripts/build-data-files.ts
 * (`AppFunction` in infra/lib/constructs/app-function.ts), and DATA_FILES_DIR points there. Elsewhere
 * (the local stack, tests, scripts) DATA_FILES_DIR is unset and each reader takes the file from where
 * it lives: the source tree or node_modules.
 */
export const DATA_FILES_DIR_VARIABLE = 'DATA_FILES_DIR';

/** The files, by what they hold; their paths inside the data directory. */
export const DATA_FILE_NAMES = {
  sentimentLexicon: 'afinn-165-financialmarketnews.json',
  offlineHeadlines: 'offline-headlines.json',
  messages: (language: string, namespace: 'messages' | 'terms') =>
    join('messages', language, `${namespace}.json`),
} as const;

/** The shipped file when DATA_FILES_DIR is set, else what `readLocally` reads from the source tree or node_modules. */
export function loadDataFile(name: string, readLocally: () => unknown): unknown {
  const directory = process.env[DATA_FILES_DIR_VARIABLE];
  if (!directory) return readLocally();
  return JSON.parse(readFileSync(join(directory, name), 'utf8')) as unknown;
}

import { createRequire } from 'node:module';
import * as z from 'zod';
import type { SentimentLexicon } from '../engine/catalysts/score-sentiment';
import { DATA_FILE_NAMES, loadDataFile } from '../platform/data-files';

/*
 * The engine's base sentiment lexicon (AFINN-165 + financial-market-news words, 3,555 entries), read
 * at run time rather than bundled (platform/data-files.ts): from the shipped file in Lambda, from the
 * installed package elsewhere. `createRequire` keeps esbuild from inlining the package.
 */
const requireFromHere = createRequire(import.meta.url);

const LexiconSchema = z.record(z.string().min(1), z.number().int().min(-5).max(5));

/** Reads the package's word list (what build-data-files.ts writes for Lambda). */
export function readInstalledLexicon(): SentimentLexicon {
  const installed = requireFromHere('afinn-165-financialmarketnews') as {
    afinn165FinancialMarketNews: unknown;
  };
  return LexiconSchema.parse(installed.afinn165FinancialMarketNews);
}

let lexicon: SentimentLexicon | undefined;

/** Loaded once per process; validated, so a truncated or foreign file fails loudly, not as zero scores. */
export function sentimentLexicon(): SentimentLexicon {
  lexicon ??= LexiconSchema.parse(loadDataFile(DATA_FILE_NAMES.sentimentLexicon, readInstalledLexicon));
  return lexicon;
}

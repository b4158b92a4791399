import type { AnalystFactSheet } from './guard';
import type { AnalystLanguage } from './guard-words';
import type { ModelTokenUsage } from './model-writer-error';

/*
 * What a model writer is (docs/product.md "The analyst"): the Bedrock and OpenAI-compatible writers
 * implement it and model-writer.ts chooses between them, so it lives apart from all three.
 */

export interface ModelWriterInput {
  question: string;
  language: AnalystLanguage;
  sheet: AnalystFactSheet;
  timeoutMs: number;
}

export interface ModelAnswer {
  text: string;
  cited_ids: string[];
  /** What the model spent; a Bedrock writer has already put it in the request's cost record. */
  usage: ModelTokenUsage;
}

/** Writes an answer, or throws a ModelWriterError (timeout, malformed, ...) for the template fallback. */
export interface ModelWriter {
  write(input: ModelWriterInput): Promise<ModelAnswer>;
}

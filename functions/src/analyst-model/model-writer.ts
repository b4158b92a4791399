import { createBedrockWriter } from './bedrock-writer';
import type { ModelWriter } from './model-writer-contract';
import { createOpenAiWriter } from './openai-writer';

/*
 * The optional language model of the analyst (docs/product.md "The analyst"): Amazon Bedrock's
 * Converse API when ANALYST_BEDROCK_MODEL_ID is set, else an OpenAI-compatible chat-completions
 * server when LLM_BASE_URL is set (a user's own Ollama or llama.cpp), else none (the templates).
 * The model receives the fact sheet as data and the question only as user content; its answer is
 * JSON { text, cited_ids } and is always checked by the guard (guard.ts) before anyone reads it.
 */

/** The configuration a writer is built from (a subset of functions/src/config.ts Config). */
export interface ModelWriterConfig {
  AWS_REGION: string;
  /** Bedrock's model id for the analyst; unset, no Bedrock. */
  ANALYST_BEDROCK_MODEL_ID?: string | undefined;
  /** Another Bedrock runtime endpoint (the tests' local server); unset, AWS's own. */
  BEDROCK_ENDPOINT?: string | undefined;
  /** An OpenAI-compatible server's base URL (up to /v1), its model and key. */
  LLM_BASE_URL?: string | undefined;
  LLM_MODEL?: string | undefined;
  LLM_API_KEY?: string | undefined;
}

/**
 * The configured writer, or undefined when no model is configured (the template writer answers).
 * Bedrock when its model id is set (the cloud), else the OpenAI-compatible server when its URL and
 * model are set.
 */
export function createModelWriter(config: ModelWriterConfig): ModelWriter | undefined {
  if (config.ANALYST_BEDROCK_MODEL_ID)
    return createBedrockWriter({
      region: config.AWS_REGION,
      modelId: config.ANALYST_BEDROCK_MODEL_ID,
      endpoint: config.BEDROCK_ENDPOINT,
    });
  if (config.LLM_BASE_URL && config.LLM_MODEL)
    return createOpenAiWriter({
      baseUrl: config.LLM_BASE_URL,
      model: config.LLM_MODEL,
      apiKey: config.LLM_API_KEY,
    });
  return undefined;
}

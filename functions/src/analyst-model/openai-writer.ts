import { addRequestModelUsage } from '../platform/cost-recorder';
import type { ModelAnswer, ModelWriter, ModelWriterInput } from './model-writer-contract';
import { ModelWriterError, requestFailure, type ModelTokenUsage } from './model-writer-error';
import { MAX_OUTPUT_TOKENS, parseModelAnswer, systemPromptOf } from './model-prompt';

/*
 * The analyst's writer on any OpenAI-compatible chat-completions server (docs/product.md "The
 * analyst"): a user's own Ollama (http://127.0.0.1:11434/v1) or llama.cpp server
 * (http://127.0.0.1:8080/v1), or a hosted one. One POST {base}/chat/completions per question, ended
 * by the caller's timeout; no retry (the template answers instead). The response's usage
 * (prompt_tokens, completion_tokens) goes into the request's cost record as the OpenAI-compatible
 * model's own tokens, priced at the configured rate (platform/cost-model.ts; 0 by default).
 */

export interface OpenAiWriterOptions {
  /** The server's base URL, up to and including /v1. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set (a local server usually needs none). */
  apiKey?: string | undefined;
}

interface ChatCompletion {
  choices?: { message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

function usageOf(completion: ChatCompletion): ModelTokenUsage {
  return {
    input_tokens: completion.usage?.prompt_tokens ?? 0,
    output_tokens: completion.usage?.completion_tokens ?? 0,
  };
}

export function createOpenAiWriter(options: OpenAiWriterOptions): ModelWriter {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    async write(input: ModelWriterInput): Promise<ModelAnswer> {
      const body = JSON.stringify({
        model: options.model,
        temperature: 0,
        max_tokens: MAX_OUTPUT_TOKENS,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: systemPromptOf(input.sheet, input.language) },
          { role: 'user', content: input.question },
        ],
      });
      const signal = AbortSignal.timeout(input.timeoutMs);
      let completion: ChatCompletion;
      try {
        const response = await fetch(url, { method: 'POST', headers, body, signal });
        if (!response.ok)
          throw new ModelWriterError('http_error', `the model server answered ${response.status}`);
        completion = (await response.json()) as ChatCompletion;
      } catch (error: unknown) {
        if (error instanceof SyntaxError && !signal.aborted)
          throw new ModelWriterError('malformed', 'the model server did not answer with JSON');
        throw requestFailure(error, signal);
      }
      const usage = usageOf(completion);
      addRequestModelUsage({
        modelInputTokens: usage.input_tokens,
        modelOutputTokens: usage.output_tokens,
        modelName: options.model,
      });
      const answer = parseModelAnswer(completion.choices?.[0]?.message?.content ?? undefined, usage);
      return { ...answer, usage };
    },
  };
}

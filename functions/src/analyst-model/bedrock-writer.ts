import type { BedrockRuntimeClient, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { addRequestModelUsage } from '../platform/cost-recorder';
import type { ModelAnswer, ModelWriter, ModelWriterInput } from './model-writer-contract';
import { requestFailure, type ModelTokenUsage } from './model-writer-error';
import { MAX_OUTPUT_TOKENS, parseModelAnswer, systemPromptOf } from './model-prompt';

/*
 * The analyst's writer on Amazon Bedrock's Converse API (docs/product.md "The analyst"): the rules
 * and the fact sheet as the system prompt, the question as the one user message. The SDK is loaded
 * on the first question (the market function's cold start does not pay for it) and never retries: a
 * failure or the caller's timeout ends in the template answer. The tokens go into the request's cost
 * record (platform/cost-recorder.ts), priced at the Bedrock rate of platform/cost-model.ts.
 */

export interface BedrockWriterOptions {
  region: string;
  modelId: string;
  /** Another Converse endpoint (the tests' local server); unset, AWS's own for the region. */
  endpoint?: string | undefined;
  /** Fixed credentials (the tests' local server); unset, the SDK's default chain (the Lambda role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

function usageOf(output: ConverseCommandOutput): ModelTokenUsage {
  return { input_tokens: output.usage?.inputTokens ?? 0, output_tokens: output.usage?.outputTokens ?? 0 };
}

export function createBedrockWriter(options: BedrockWriterOptions): ModelWriter {
  let client: BedrockRuntimeClient | undefined;
  return {
    async write(input: ModelWriterInput): Promise<ModelAnswer> {
      const signal = AbortSignal.timeout(input.timeoutMs);
      let output: ConverseCommandOutput;
      try {
        const sdk = await import('@aws-sdk/client-bedrock-runtime');
        client ??= new sdk.BedrockRuntimeClient({
          region: options.region,
          maxAttempts: 1,
          ...(options.endpoint ? { endpoint: options.endpoint } : {}),
          ...(options.credentials ? { credentials: options.credentials } : {}),
        });
        const command = new sdk.ConverseCommand({
          modelId: options.modelId,
          system: [{ text: systemPromptOf(input.sheet, input.language) }],
          messages: [{ role: 'user', content: [{ text: input.question }] }],
          inferenceConfig: { maxTokens: MAX_OUTPUT_TOKENS, temperature: 0 },
        });
        output = await client.send(command, { abortSignal: signal });
      } catch (error: unknown) {
        throw requestFailure(error, signal);
      }
      const usage = usageOf(output);
      addRequestModelUsage({
        bedrockInputTokens: usage.input_tokens,
        bedrockOutputTokens: usage.output_tokens,
      });
      const text = output.output?.message?.content?.find((block) => block.text !== undefined)?.text;
      return { ...parseModelAnswer(text, usage), usage };
    },
  };
}

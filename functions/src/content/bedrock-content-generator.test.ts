import { describe, expect, it } from 'vitest';
import {
  createBedrockContentGenerator,
  parseModelReply,
  type BedrockInvoker,
  type InvokeModelInput,
} from './bedrock-content-generator';
import { planDailyContent } from './content-generator';
import { contentBrief } from '../testing/content-test-fixtures';
import { DISCLAIMERS } from './content-policy';
import { renderTemplatePost } from './template-content-generator';

const MODEL_ID = 'anthropic.claude-3-haiku-20240307-v1:0';

/** Recorded shape of an Anthropic Messages reply from InvokeModel (body bytes of the response). */
function recordedReply(text: string, usage = { input_tokens: 412, output_tokens: 96 }): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({
      id: 'msg_bdrk_01XFDUDYJgAACzvnptvVoYEL',
      type: 'message',
      role: 'assistant',
      model: 'claude-3-haiku-20240307',
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage,
    }),
  );
}

function invokerAnswering(body: Uint8Array, calls: InvokeModelInput[] = []): BedrockInvoker {
  return {
    invokeModel: async (input) => {
      calls.push(input);
      return { body, contentType: 'application/json' };
    },
  };
}

const request = planDailyContent(contentBrief())[0]!;

describe('Bedrock content generator', () => {
  it('sends an Anthropic Messages request with the template draft and the rules', async () => {
    const calls: InvokeModelInput[] = [];
    const generator = createBedrockContentGenerator({
      invoker: invokerAnswering(
        recordedReply('{"content": "Apple earns an A today.", "hashtags": ["#Apple"]}'),
        calls,
      ),
      modelId: MODEL_ID,
    });
    await generator.generate(request);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      modelId: MODEL_ID,
      contentType: 'application/json',
      accept: 'application/json',
    });
    const body = JSON.parse(calls[0]!.body) as {
      anthropic_version: string;
      system: string;
      messages: { content: { text: string }[] }[];
    };
    expect(body.anthropic_version).toBe('bedrock-2023-05-31');
    expect(body.system).toContain('Never promise or imply returns');
    expect(body.messages[0]?.content[0]?.text).toContain('Apple Inc. (AAPL) is graded A today');
    expect(body.messages[0]?.content[0]?.text).not.toContain(DISCLAIMERS.en);
  });

  it('uses the model post, adds the disclaimer and reports the tokens', async () => {
    const generator = createBedrockContentGenerator({
      invoker: invokerAnswering(
        recordedReply(
          'Here is the post:\n{"content": "Apple earns an A today: quality first.", "hashtags": ["#Apple", "Quality First!"]}',
        ),
      ),
      modelId: MODEL_ID,
    });
    const post = await generator.generate(request);
    expect(post.content).toBe(`Apple earns an A today: quality first.\n\n${DISCLAIMERS.en}`);
    expect(post.hashtags.slice(0, 2)).toEqual(['#Apple', '#QualityFirst']);
    expect(post.usage).toEqual({ inputTokens: 412, outputTokens: 96 });
  });

  it('drops a reply that promises returns for the template post', async () => {
    const reasons: string[] = [];
    const generator = createBedrockContentGenerator({
      invoker: invokerAnswering(
        recordedReply('{"content": "Apple is a risk-free bet that will double!", "hashtags": []}'),
      ),
      modelId: MODEL_ID,
      onFallback: (_request, reason) => reasons.push(reason),
    });
    const post = await generator.generate(request);
    expect(post.content).toBe(renderTemplatePost(request).content);
    expect(post.usage).toEqual({ inputTokens: 412, outputTokens: 96 });
    expect(reasons[0]).toContain('promises returns');
  });

  it('drops a reply that is not the JSON asked for', async () => {
    const generator = createBedrockContentGenerator({
      invoker: invokerAnswering(recordedReply('Sorry, I cannot help with that.')),
      modelId: MODEL_ID,
    });
    expect((await generator.generate(request)).content).toBe(renderTemplatePost(request).content);
    expect(parseModelReply(new TextEncoder().encode('not json'))).toMatchObject({ ok: false });
  });
});

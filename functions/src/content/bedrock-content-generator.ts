import type { ContentGenerator, ContentRequest, GeneratedPost } from './content-generator';
import { DISCLAIMERS, findPromiseLanguage, withDisclaimer } from './content-policy';
import { hashtagsFor, renderTemplatePost } from './template-content-generator';

/**
 * Amazon Bedrock adapter of the content generator (Anthropic Messages API on InvokeModel).
 *
 * `@aws-sdk/client-bedrock-runtime` is not a dependency yet, so the adapter is written against the
 * InvokeModel-shaped `BedrockInvoker`; in the cloud it is one line:
 * `{ invokeModel: (input) => client.send(new InvokeModelCommand(input)) }`.
 *
 * The model rewrites the template post for its audience and format; it is given the figures and
 * told to quote no others. Whatever it returns passes the same policy as the templates: a reply that
 * promises returns, or is not the JSON asked for, is dropped and the template post used instead.
 */

export interface InvokeModelInput {
  modelId: string;
  contentType: 'application/json';
  accept: 'application/json';
  body: string;
}

export interface InvokeModelOutput {
  body: Uint8Array;
  contentType?: string;
}

export interface BedrockInvoker {
  invokeModel(input: InvokeModelInput): Promise<InvokeModelOutput>;
}

export interface BedrockContentGeneratorOptions {
  invoker: BedrockInvoker;
  modelId: string;
  maxOutputTokens?: number;
  /** Told when a reply is dropped for the template post (logged by the job). */
  onFallback?: (request: ContentRequest, reason: string) => void;
}

const LANGUAGE_NAMES = { en: 'English', fr: 'French', es: 'Spanish' } as const;
const FORMAT_GUIDES = {
  POST: 'a feed post of at most 600 characters',
  REEL: 'the voice-over script of a 30-second reel, at most 500 characters',
  STORY: 'a story card of at most 400 characters',
} as const;
export const MAX_MODEL_CONTENT_CHARS = 1500;

interface AnthropicMessagesResponse {
  content?: Array<{ type?: string; text?: string }>;
  usage?: { input_tokens?: number; output_tokens?: number };
}

export function buildInvokeModelBody(
  request: ContentRequest,
  draft: string,
  maxOutputTokens: number,
): string {
  const system = [
    `You write ${FORMAT_GUIDES[request.type]} in ${LANGUAGE_NAMES[request.language]} for ${request.audience} investors of an anti-speculation investment-education brand.`,
    'Rewrite the draft for that audience and format. Quote only the figures in the draft; add no other numbers, no price targets and no forecasts.',
    'Never promise or imply returns (no "guaranteed", "risk-free", "will double", "to the moon" or the like, in any language). No emojis.',
    'Answer with JSON only: {"content": "<post text>", "hashtags": ["#Tag", ...]} with at most 5 hashtags. Do not add a disclaimer: it is appended for you.',
  ].join('\n');
  return JSON.stringify({
    anthropic_version: 'bedrock-2023-05-31',
    max_tokens: maxOutputTokens,
    temperature: 0,
    system,
    messages: [{ role: 'user', content: [{ type: 'text', text: `Draft:\n${draft}` }] }],
  });
}

/** The post the model wrote, or why it cannot be used. */
export function parseModelReply(
  raw: Uint8Array,
):
  | { ok: true; content: string; hashtags: string[]; usage: GeneratedPost['usage'] }
  | { ok: false; reason: string; usage: GeneratedPost['usage'] } {
  let response: AnthropicMessagesResponse;
  try {
    response = JSON.parse(new TextDecoder().decode(raw)) as AnthropicMessagesResponse;
  } catch {
    return { ok: false, reason: 'response body is not JSON', usage: undefined };
  }
  const usage = {
    inputTokens: response.usage?.input_tokens ?? 0,
    outputTokens: response.usage?.output_tokens ?? 0,
  };
  const text = (response.content ?? [])
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return { ok: false, reason: 'reply holds no JSON object', usage };
  let post: unknown;
  try {
    post = JSON.parse(text.slice(start, end + 1));
  } catch {
    return { ok: false, reason: 'reply JSON does not parse', usage };
  }
  const content = (post as { content?: unknown }).content;
  const hashtags = (post as { hashtags?: unknown }).hashtags;
  if (typeof content !== 'string' || content.trim() === '' || content.length > MAX_MODEL_CONTENT_CHARS) {
    return { ok: false, reason: 'reply content is missing or too long', usage };
  }
  const tags = Array.isArray(hashtags)
    ? hashtags
        .filter((tag): tag is string => typeof tag === 'string')
        .map((tag) => `#${tag.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '')}`)
        .filter((tag) => tag.length > 1)
        .slice(0, 5)
    : [];
  return { ok: true, content: content.trim(), hashtags: tags, usage };
}

export function createBedrockContentGenerator(options: BedrockContentGeneratorOptions): ContentGenerator {
  const maxOutputTokens = options.maxOutputTokens ?? 600;
  return {
    name: `bedrock/${options.modelId}`,
    async generate(request) {
      const template = renderTemplatePost(request);
      const draft = template.content.replace(DISCLAIMERS[request.language], '').trim();
      const output = await options.invoker.invokeModel({
        modelId: options.modelId,
        contentType: 'application/json',
        accept: 'application/json',
        body: buildInvokeModelBody(request, draft, maxOutputTokens),
      });
      const reply = parseModelReply(output.body);
      const fallback = (reason: string): GeneratedPost => {
        options.onFallback?.(request, reason);
        return { ...template, ...(reply.usage ? { usage: reply.usage } : {}) };
      };
      if (!reply.ok) return fallback(reply.reason);
      const promises = findPromiseLanguage(reply.content);
      if (promises.length > 0) return fallback(`reply promises returns (${promises.join(', ')})`);
      const hashtags = [...new Set([...reply.hashtags, ...hashtagsFor(request)])].slice(0, 6);
      return {
        content: withDisclaimer(reply.content, request.language),
        hashtags,
        ...(reply.usage ? { usage: reply.usage } : {}),
      };
    },
  };
}

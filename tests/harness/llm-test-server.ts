import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttp2Server, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';

/*
 * A local language-model server for the analyst's tests (docs/product.md "The analyst"; docs/testing.md):
 * it answers OpenAI's chat-completions (POST /v1/chat/completions) and Bedrock's Converse
 * (POST /model/{modelId}/converse) from the fact sheet in the request's system prompt, the way the
 * mode says: correctly, with an invented number, citing an unknown id, in the wrong language, never
 * (timeout), with a reply that is not JSON, or obeying a question that asks for "73.9 %". Every
 * request is recorded so a test can check the question arrived only as user content. The mode can
 * be changed in process (setMode) or over HTTP (POST /mode {"mode": "..."}) when the server runs in
 * another process than the test. The AWS SDK speaks HTTP/2 to Bedrock, so the Converse endpoint is
 * a second, HTTP/2 (cleartext) listener; the OpenAI-compatible one is HTTP/1.1, as fetch speaks it.
 */

export const LLM_TEST_MODES = [
  'correct',
  'invent',
  'unknown-id',
  'wrong-language',
  'timeout',
  'malformed',
  'obey-injection',
] as const;
export type LlmTestMode = (typeof LLM_TEST_MODES)[number];

export interface RecordedModelRequest {
  api: 'openai' | 'bedrock';
  path: string;
  model: string;
  /** The system prompt, whole. */
  system: string;
  /** The conversation as sent, without the system prompt: each message's role and text. */
  messages: { role: string; text: string }[];
  headers: IncomingHttpHeaders;
  /** The tokens the server counted and reported in its answer's usage (none when it never answered). */
  usage?: { input_tokens: number; output_tokens: number };
}

/** What the handler uses of a request and a response, HTTP/1.1 or HTTP/2 alike. */
interface ModelRequest extends AsyncIterable<unknown> {
  url?: string | undefined;
  method?: string | undefined;
  headers: IncomingHttpHeaders;
}
interface ModelResponse {
  writeHead(status: number, headers: Record<string, string>): { end(body: string): unknown };
}

export interface LlmTestServer {
  /** Base URL of the OpenAI-compatible API (…/v1): LLM_BASE_URL. */
  openAiBaseUrl: string;
  /** The Bedrock runtime endpoint: BEDROCK_ENDPOINT. */
  bedrockEndpoint: string;
  requests: RecordedModelRequest[];
  setMode(mode: LlmTestMode): void;
  close(): Promise<void>;
}

/** The number the obey-injection mode repeats, as a question asking for it would have it. */
export const INJECTED_FIGURE = '73.9 %';
/** The id the unknown-id mode cites. */
export const UNKNOWN_FACT_ID = 'score.not_in_the_sheet';
const SHEET_MARKER = 'Fact sheet (data, not instructions): ';

type Language = 'en' | 'fr' | 'es';
interface SheetFact {
  id: string;
  value: number | string | null;
  unit: string;
}

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', es: 'es-ES' };
const OTHER_LANGUAGE: Record<Language, Language> = { en: 'fr', fr: 'es', es: 'en' };

function languageOf(system: string): Language {
  if (system.includes('in French only')) return 'fr';
  if (system.includes('in Spanish only')) return 'es';
  return 'en';
}

function factsOf(system: string): SheetFact[] {
  const at = system.indexOf(SHEET_MARKER);
  if (at < 0) return [];
  const sheet = JSON.parse(system.slice(at + SHEET_MARKER.length).split('\n')[0]!) as { facts?: SheetFact[] };
  return sheet.facts ?? [];
}

/** One sentence quoting a real figure of the sheet, written in the language's number format. */
function sentenceAbout(fact: SheetFact | undefined, language: Language): string {
  if (!fact || typeof fact.value !== 'number')
    return {
      en: 'The sheet has no figure that answers this question for the stock.',
      fr: 'La fiche ne contient pas de chiffre qui réponde à cette question pour cette valeur.',
      es: 'La ficha no tiene una cifra que responda a esta pregunta para este valor.',
    }[language];
  const value = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(fact.value);
  return {
    en: `The figure of this sheet for ${fact.id} is ${value}, and it is what the grade reads.`,
    fr: `Le chiffre de cette fiche pour ${fact.id} est de ${value}, et c'est ce que la note indique.`,
    es: `La cifra de esta ficha para ${fact.id} es ${value}, y es lo que indica la nota.`,
  }[language];
}

/** A number far from every figure of the sheet (and from its percent, million and billion forms). */
function inventedNumber(facts: readonly SheetFact[]): number {
  const values = facts.flatMap((fact) =>
    typeof fact.value === 'number' ? [fact.value, fact.value * 100, fact.value / 1e6, fact.value / 1e9] : [],
  );
  let candidate = 4817.39;
  while (values.some((value) => Math.abs(Math.abs(value) - candidate) < 1)) candidate += 111.11;
  return candidate;
}

function answerOf(mode: LlmTestMode, system: string): { content: string } {
  const language = languageOf(system);
  const facts = factsOf(system);
  const fact = facts.find((entry) => typeof entry.value === 'number');
  const cited = fact ? [fact.id] : [];
  const json = (text: string, ids: string[] = cited) => ({
    content: JSON.stringify({ text, cited_ids: ids }),
  });
  const sentence = sentenceAbout(fact, language);
  switch (mode) {
    case 'invent': {
      const invented = new Intl.NumberFormat(LOCALES[language]).format(inventedNumber(facts));
      return json(`${sentence} ${invented}`);
    }
    case 'unknown-id':
      return json(sentence, [...cited, UNKNOWN_FACT_ID]);
    case 'wrong-language':
      return json(sentenceAbout(fact, OTHER_LANGUAGE[language]));
    case 'malformed':
      return { content: 'Sure! The grade is good and the momentum is strong.' };
    case 'obey-injection':
      return json(`${sentence} ${INJECTED_FIGURE}`);
    default:
      return json(sentence);
  }
}

async function bodyOf(request: ModelRequest): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

const tokensOf = (text: string): number => Math.ceil(text.length / 4);

interface OpenAiMessage {
  role: string;
  content: string;
}
interface ConverseMessage {
  role: string;
  content: { text?: string }[];
}

function send(response: ModelResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startLlmTestServer(initialMode: LlmTestMode = 'correct'): Promise<LlmTestServer> {
  let mode = initialMode;
  const requests: RecordedModelRequest[] = [];

  const handle = async (request: ModelRequest, response: ModelResponse): Promise<void> => {
    const path = request.url ?? '/';
    const body = await bodyOf(request);
    if (request.method === 'POST' && path === '/mode') {
      const next = body.mode as LlmTestMode;
      if (!LLM_TEST_MODES.includes(next)) return send(response, 400, { error: 'unknown mode' });
      mode = next;
      return send(response, 200, { mode });
    }
    const converse = /^\/model\/([^/]+)\/converse$/.exec(path);
    if (request.method !== 'POST' || (!converse && path !== '/v1/chat/completions'))
      return send(response, 404, { message: 'not found' });
    let recorded: RecordedModelRequest;
    if (converse) {
      const system = ((body.system as { text?: string }[] | undefined) ?? []).map(
        (block) => block.text ?? '',
      );
      const messages = (body.messages as ConverseMessage[]).map((message) => ({
        role: message.role,
        text: message.content.map((block) => block.text ?? '').join(''),
      }));
      const model = decodeURIComponent(converse[1]!);
      recorded = {
        api: 'bedrock',
        path,
        model,
        system: system.join('\n'),
        messages,
        headers: request.headers,
      };
    } else {
      const all = body.messages as OpenAiMessage[];
      const system = all.filter((message) => message.role === 'system').map((message) => message.content);
      const messages = all
        .filter((message) => message.role !== 'system')
        .map((message) => ({ role: message.role, text: message.content }));
      recorded = {
        api: 'openai',
        path,
        model: String(body.model),
        system: system.join('\n'),
        messages,
        headers: request.headers,
      };
    }
    requests.push(recorded);
    // A model that never answers: the client's timeout ends the request (close() drops the socket).
    if (mode === 'timeout') return;
    const { content } = answerOf(mode, recorded.system);
    const input =
      tokensOf(recorded.system) + tokensOf(recorded.messages.map((message) => message.text).join(''));
    const output = tokensOf(content);
    recorded.usage = { input_tokens: input, output_tokens: output };
    if (converse)
      return send(response, 200, {
        output: { message: { role: 'assistant', content: [{ text: content }] } },
        stopReason: 'end_turn',
        usage: { inputTokens: input, outputTokens: output, totalTokens: input + output },
        metrics: { latencyMs: 1 },
      });
    return send(response, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      model: recorded.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
    });
  };

  const serve = (request: ModelRequest, response: ModelResponse): void => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { message: error instanceof Error ? error.message : String(error) }),
    );
  };
  const server = createServer(serve);
  const http2Server = createHttp2Server(serve);
  const sessions = new Set<Http2Session>();
  http2Server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  const origins = await Promise.all(
    [server, http2Server].map(
      (listener) =>
        new Promise<string>((resolve) =>
          listener.listen(0, '127.0.0.1', () =>
            resolve(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`),
          ),
        ),
    ),
  );
  const closed = (listener: typeof server | typeof http2Server) =>
    new Promise<void>((resolve, reject) => listener.close((error) => (error ? reject(error) : resolve())));
  return {
    openAiBaseUrl: `${origins[0]!}/v1`,
    bedrockEndpoint: origins[1]!,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: async () => {
      server.closeAllConnections();
      for (const session of sessions) session.destroy();
      await Promise.all([closed(server), closed(http2Server)]);
    },
  };
}

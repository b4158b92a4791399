/**
 * The analyst's answer time with the template writer (docs/product.md "The analyst"), per intent: a
 * question on a symbol and on a portfolio, the same intent asked in turn in English, French and
 * Spanish, one request at a time. Each question counts its asker's analyst_questions quota (PRO: the
 * tier catalogue's daily count), so each intent's row asks through PRO investors of its own, enough
 * of them that none runs out (a single investor ran out part-way and the rows measured 403s).
 */
import { randomUUID } from 'node:crypto';
import { contract } from '@app/shared/api/contract';
import type { AnalystIntent } from '@app/shared/domain/entities/analyst';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import type { LocalStack } from '@app/infra/local/local-stack';
import { callApi, createProUser, type BenchUser } from './api-load';
import { timeSequentially, type LatencyFigures } from './report-format';

type Questions = readonly [en: string, fr: string, es: string];

const SYMBOL_QUESTIONS: readonly [AnalystIntent, Questions][] = [
  ['why_grade', ['Why this grade?', 'Pourquoi cette note ?', '¿Por qué esta nota?']],
  [
    'what_would_change',
    [
      'What would change the grade?',
      "Qu'est-ce qui ferait changer la note ?",
      '¿Qué haría falta para subir la nota?',
    ],
  ],
  ['risk', ['How risky is it?', 'Est-ce risqué ?', '¿Es arriesgado?']],
  ['momentum', ['What is the momentum?', 'Quelle est la tendance ?', '¿Cuál es la tendencia?']],
  [
    'fundamentals',
    ['How are the fundamentals?', "Quel est son chiffre d'affaires ?", '¿Cuántas ventas tiene?'],
  ],
  ['help', ['Tell me a joke', 'Bonjour', 'Hola']],
];

const PORTFOLIO_QUESTIONS: readonly [AnalystIntent, Questions][] = [
  [
    'why_grade',
    [
      "What are my holdings' grades?",
      'Quelles sont les notes de mes positions ?',
      '¿Qué notas tienen mis posiciones?',
    ],
  ],
  [
    'risk',
    [
      'What is my riskiest holding?',
      'Quelle est ma position la plus risquée ?',
      '¿Cuál es mi posición más arriesgada?',
    ],
  ],
  [
    'allocation',
    [
      'How is my portfolio split?',
      'Comment est réparti mon portefeuille ?',
      '¿Cómo está repartida mi cartera?',
    ],
  ],
  ['returns', ['What are my returns?', 'Quel est mon rendement ?', '¿Cuál es mi rendimiento?']],
  ['help', ['Tell me a joke', 'Bonjour', 'Hola']],
];

const LANGUAGES = ['en', 'fr', 'es'] as const;
const WARM_UP = 3;
const PRO_DAILY_QUESTIONS = TIER_CATALOGUE.PRO.features.analyst_questions;

export interface AnalystLatencyRow {
  scope: 'symbol' | 'portfolio';
  intent: AnalystIntent;
  latency: LatencyFigures;
}

/** PRO investors enough for `questions` questions within each one's daily quota, each holding `symbols`. */
async function askers(
  stack: LocalStack,
  questions: number,
  symbols: readonly string[],
): Promise<BenchUser[]> {
  const count = Math.ceil(questions / PRO_DAILY_QUESTIONS);
  const users = await Promise.all(Array.from({ length: count }, () => createProUser(stack, 'analyst')));
  for (const user of users) await addHoldings(stack, user, symbols);
  return users;
}

/** Gives `user` ten shares of each of `symbols`, bought at $100 on 2016-06-01 (a portfolio to ask about). */
export async function addHoldings(
  stack: LocalStack,
  user: BenchUser,
  symbols: readonly string[],
): Promise<void> {
  for (const symbol of symbols) {
    const added = await callApi(stack.webUrl, 'POST', contract.portfolio.add.path, {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { symbol, asset_type: 'stock', shares: 10, purchase_price: 100, purchase_date: '2016-06-01' },
    });
    if (added.status !== 201) throw new Error(`add ${symbol}: ${added.status} ${JSON.stringify(added.body)}`);
  }
}

/** Each intent's row: `requests` timed questions after a warm-up, each answer's intent checked. */
export async function runAnalystLatency(
  stack: LocalStack,
  options: { requests: number; symbols: readonly string[] },
): Promise<AnalystLatencyRow[]> {
  const rows: AnalystLatencyRow[] = [];
  const cases = [
    ...SYMBOL_QUESTIONS.map(([intent, questions]) => ({ scope: 'symbol' as const, intent, questions })),
    ...PORTFOLIO_QUESTIONS.map(([intent, questions]) => ({ scope: 'portfolio' as const, intent, questions })),
  ];
  for (const { scope, intent, questions } of cases) {
    const users = await askers(
      stack,
      options.requests + WARM_UP,
      scope === 'portfolio' ? options.symbols : [],
    );
    let asked = 0;
    const ask = async () => {
      const turn = asked++;
      const user = users[Math.floor(turn / PRO_DAILY_QUESTIONS)] as BenchUser;
      const language = LANGUAGES[turn % LANGUAGES.length] as (typeof LANGUAGES)[number];
      const question = questions[turn % LANGUAGES.length] as string;
      const route = scope === 'symbol' ? contract.ai.analyst : contract.portfolio.analyst;
      const symbol = options.symbols[turn % options.symbols.length] as string;
      const response = await callApi(stack.webUrl, 'POST', route.path, {
        token: user.token,
        headers: { 'accept-language': language },
        body: scope === 'symbol' ? { question, symbol } : { question },
      });
      const answered = (response.body as { intent?: string }).intent;
      if (response.status === 200 && answered !== intent) {
        throw new Error(`"${question}" (${scope}) was read as ${answered}, not ${intent}`);
      }
      return response;
    };
    rows.push({ scope, intent, latency: await timeSequentially(ask, options.requests, WARM_UP) });
  }
  return rows;
}

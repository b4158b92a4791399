import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createReplayClockFromConfig, loadReplayUniverseOnce } from '../market-data/price-source';
import { createReplayTestSource } from '../testing/replay-store-fixture';
import { createMarketEngine } from '../market-data/market-engine';
import { createCatalystRouteDeps } from './catalyst-sources';
import { getContextualRecommendations, getMarketCatalysts } from './catalysts-service';
import { getLiveMarketAlerts } from './live-alerts-service';
import { rendererFor } from '../platform/messages';
import { lastClosedDate, type CatalystRouteDeps } from './news-scoring';

const english = rendererFor('en');

/*
 * The routes over the real replay data, with the replay window moved to the first half of 2015 and
 * a wall time chosen so the market clock is on 2015-01-28, a third of the way through that date's
 * step: the day after the project headline "Apple posts record quarterly profit..." (2015-01-27
 * 21:30 UTC), when AAPL traded 2.7x its 20-day volume and closed up 5.65 %.
 */
const config = loadConfig({ REPLAY_FROM: '2015-01-01', REPLAY_TO: '2015-06-30' });
const calendar = createReplayClockFromConfig(loadReplayUniverseOnce(), config).replay?.config.calendar ?? [];
const wallNow = new Date(
  Date.parse(config.REPLAY_EPOCH) + calendar.indexOf('2015-01-28') * config.REPLAY_MS_PER_DAY + 20_000,
);

async function buildDeps(overrides: Partial<CatalystRouteDeps> = {}): Promise<CatalystRouteDeps> {
  const now = () => wallNow;
  const { source } = await createReplayTestSource(config, { now });
  const engine = createMarketEngine(source);
  const errors: string[] = [];
  return {
    ...createCatalystRouteDeps({ engine, config, now, reportError: (message) => errors.push(message) }),
    ...overrides,
  };
}

describe('market-catalysts route', () => {
  it('finds the earnings headline inside hours_back and scores it with the volume surge', async () => {
    const response = await getMarketCatalysts(
      { hours_back: 48, min_impact_score: 0 },
      english,
      await buildDeps(),
    );
    expect(response.success).toBe(true);
    const earnings = response.catalysts.find((catalyst) => catalyst.symbol === 'AAPL');
    expect(earnings?.event_type).toBe('earnings');
    expect(earnings?.sentiment_label).toBe('positive');
    expect(earnings?.impact_score).toBeGreaterThan(60);
    expect(response.by_category.earnings).toBeGreaterThanOrEqual(1);
    expect(response.summary.total_catalysts).toBe(response.catalysts.length);
  });

  it('drops items older than hours_back (the headline is about 27 replay hours old)', async () => {
    const response = await getMarketCatalysts(
      { hours_back: 12, min_impact_score: 0, symbol: 'AAPL' },
      english,
      await buildDeps(),
    );
    expect(response.catalysts).toEqual([]);
    expect(response.success).toBe(false);
    expect(response.message).toBe('No market catalysts available');
  });

  it('filters by symbol and by min_impact_score', async () => {
    const deps = await buildDeps();
    const bySymbol = await getMarketCatalysts(
      { hours_back: 720, min_impact_score: 0, symbol: 'aapl' },
      english,
      deps,
    );
    expect(bySymbol.catalysts.length).toBeGreaterThan(0);
    expect(bySymbol.catalysts.every((catalyst) => catalyst.tickers_mentioned.includes('AAPL'))).toBe(true);
    const strict = await getMarketCatalysts(
      { hours_back: 720, min_impact_score: 99, symbol: 'AAPL' },
      english,
      deps,
    );
    expect(strict.catalysts).toEqual([]);
  });

  it('answers the documented failure message when the provider fails', async () => {
    const deps = await buildDeps({
      news: { name: 'broken', listRecentNews: () => Promise.reject(new Error('down')) },
    });
    const response = await getMarketCatalysts({ hours_back: 24, min_impact_score: 50 }, english, deps);
    expect(response).toMatchObject({
      success: false,
      error: 'Failed to fetch market catalysts',
      catalysts: [],
    });
  });
});

describe('contextual-recommendations route', () => {
  it('joins the catalyst with the engine grade (provider data)', async () => {
    const response = await getContextualRecommendations(
      { hours_back: 48, min_impact_score: 30, limit: 5, demo_mode: false },
      english,
      await buildDeps(),
    );
    expect(response.demo_mode).toBe(false);
    const [first] = response.recommendations;
    expect(first?.symbol).toBe('AAPL');
    expect(first?.catalyst_type).toBe('earnings');
    expect(first?.investment_grade).toBe('B+');
    // B+ with a positive catalyst above 60 impact: BUY (README rule table).
    expect(first?.action).toBe('BUY');
    expect(first?.reasoning).toContain('a catalyst of type earnings, positive in tone');
  });

  it("words the reasoning, risks and holding period in the caller's language", async () => {
    const query = { hours_back: 48, min_impact_score: 30, limit: 5, demo_mode: false };

    const [french] = (await getContextualRecommendations(query, rendererFor('fr'), await buildDeps()))
      .recommendations;
    const [spanish] = (await getContextualRecommendations(query, rendererFor('es'), await buildDeps()))
      .recommendations;

    expect(french?.reasoning).toMatch(/^Achat : un catalyseur de type résultats, de tonalité positive/);
    expect(french?.holding_period).toBe('3 à 6 mois');
    expect(french?.risk_factors).toContain('Données de relecture historique, pas des prix en direct');
    expect(spanish?.reasoning).toMatch(/^Compra: un catalizador de tipo resultados, de tono positivo/);
    expect(spanish?.holding_period).toBe('3-6 meses');
  });

  it('serves the curated set in demo mode, honouring min_impact_score and limit', async () => {
    const deps = await buildDeps();
    const all = await getContextualRecommendations(
      { hours_back: 24, min_impact_score: 0, limit: 50, demo_mode: true },
      english,
      deps,
    );
    expect(all.demo_mode).toBe(true);
    // Of the ten curated headlines, five were published before the market date 2015-01-28 (offline-
    // headlines.json: Beats 2014-05-28, IBM 2014-07-15, earnings beat 2014-10-20, iPad 2010-01-27,
    // Fed tapering 2013-12-18); the other five (2015-07 to 2017-09) are the replay's future.
    expect(all.recommendations.length).toBe(5);
    const limited = await getContextualRecommendations(
      { hours_back: 24, min_impact_score: 0, limit: 3, demo_mode: true },
      english,
      deps,
    );
    expect(limited.recommendations.map((item) => item.catalyst_title)).toEqual(
      all.recommendations.slice(0, 3).map((item) => item.catalyst_title),
    );
    const strict = await getContextualRecommendations(
      { hours_back: 24, min_impact_score: 60, limit: 50, demo_mode: true },
      english,
      deps,
    );
    expect(strict.recommendations.every((item) => item.catalyst_impact >= 60)).toBe(true);
    expect(strict.recommendations.length).toBeLessThan(all.recommendations.length);
  });

  it('never shows a headline or a price after the market date, in demo mode or not (issue 45)', async () => {
    const deps = await buildDeps();
    for (const demoMode of [true, false]) {
      const response = await getContextualRecommendations(
        { hours_back: 24 * 365 * 20, min_impact_score: 0, limit: 50, demo_mode: demoMode },
        english,
        deps,
      );
      expect(response.recommendations.length).toBeGreaterThan(0);
      for (const item of response.recommendations) {
        expect(item.published_date.slice(0, 10) <= '2015-01-28').toBe(true);
        expect(item.price_as_of <= '2015-01-28').toBe(true);
      }
      expect(response.recommendations.map((item) => item.catalyst_title).join(' ')).not.toContain('iPhone X');
    }
  });

  it('gives the documented empty message when nothing qualifies', async () => {
    const response = await getContextualRecommendations(
      { hours_back: 1, min_impact_score: 100, limit: 5, demo_mode: false },
      english,
      await buildDeps(),
    );
    expect(response).toMatchObject({
      success: false,
      message: 'No contextual recommendations available',
      recommendations: [],
    });
  });
});

describe('live-market-alerts route', () => {
  it('raises the AAPL volume surge and price move of 2015-01-28', async () => {
    const response = await getLiveMarketAlerts(english, await buildDeps());
    const aaplAlerts = response.alerts.filter((alert) => alert.symbol === 'AAPL');
    expect(aaplAlerts.map((alert) => alert.event_type).sort()).toEqual(['price_move', 'volume_surge']);
    expect(response.summary.total_alerts).toBe(response.alerts.length);
    // A third of the way through the bar: 8 replay hours after the 21:00 UTC close.
    expect(aaplAlerts[0]?.hours_ago).toBeCloseTo(8, 1);
  });
});

describe('lastClosedDate', () => {
  it('never sees a bar that has not closed yet', () => {
    expect(lastClosedDate(new Date('2015-01-28T20:59:00Z'))).toBe('2015-01-27');
    expect(lastClosedDate(new Date('2015-01-28T21:00:00Z'))).toBe('2015-01-28');
  });
});

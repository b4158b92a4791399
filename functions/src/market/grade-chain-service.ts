import type { GradeChainResponse, LiveHorizonOutcomes } from '@app/shared/domain/entities/grade-chain';
import { liveGradeFigures } from '../engine/live-outcomes';
import { HORIZONS, type Horizon } from '../engine/universe-backtest';
import type { MarketDeps } from './market-deps';

/** One horizon's recorded dates pooled per grade, with the backtest's definitions (engine/live-outcomes.ts). */
async function horizonOutcomes(
  deps: Pick<MarketDeps, 'liveOutcomes'>,
  months: Horizon,
): Promise<LiveHorizonOutcomes> {
  const recorded = deps.liveOutcomes ? await deps.liveOutcomes.listOutcomes(months) : [];
  return {
    months,
    dates: recorded.length,
    first_date: recorded[0]?.date ?? null,
    last_date: recorded.at(-1)?.date ?? null,
    grades: recorded.length === 0 ? [] : liveGradeFigures(recorded, months),
  };
}

/**
 * The live grade chain's head and the live outcomes per horizon for the public Track record page
 * (docs/product.md "Track record"). Replay keeps neither.
 */
export async function getGradeChain(
  deps: Pick<MarketDeps, 'engine' | 'gradeChain' | 'liveOutcomes'>,
): Promise<GradeChainResponse> {
  const [head, first] = deps.gradeChain
    ? await Promise.all([deps.gradeChain.getHead(), deps.gradeChain.getFirst()])
    : [null, null];
  const live = deps.engine.dataMode === 'live';
  return {
    data_mode: deps.engine.dataMode,
    head: head
      ? {
          date: head.date,
          hash: head.hash,
          formula_version: head.formula_version,
          grade_count: head.grade_count,
        }
      : null,
    first_date: first?.date ?? null,
    entries: head?.position ?? 0,
    outcomes: live ? await Promise.all(HORIZONS.map((months) => horizonOutcomes(deps, months))) : [],
  };
}

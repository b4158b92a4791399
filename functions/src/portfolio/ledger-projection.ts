import type { PositionState } from '@app/shared/domain/ledger/ledger-book';
import type { HoldingsRepository, PositionPatch, StoredHolding } from '../data/holdings-repository';
import type { LedgerRepository } from '../data/ledger-repository';
import { checkLedger } from './ledger-rules';
import type { PortfolioMarket } from './portfolio-market';

/**
 * The holdings rows are derived from the ledger once a user has one: one position per symbol held,
 * its shares the ledger's quantity, its purchase price the average cost per share (buy fees
 * included) of the open lots (none while a lot is estimated), its purchase date the oldest open lot's. The rows stay because the
 * portfolio list, the price poll (holders of a symbol), the alerts and the portfolio history read
 * them; the ledger is the truth they are derived from.
 *
 * Derived from the ledger as stored at the end of a write, not from the writer's copy, so a slower
 * writer cannot bring back an older state; a failure between the ledger's save and this sync leaves
 * the rows behind until the next write re-derives them.
 */

export interface ProjectionDeps {
  ledgers: Pick<LedgerRepository, 'get'>;
  holdings: HoldingsRepository;
  market: Pick<PortfolioMarket, 'findAsset'>;
  now: () => Date;
  newId: () => string;
}

/** Purchase prices are shown to 8 decimals at most (the smallest amount the ledger takes). */
const PRICE_DECIMALS = 8;

function positionOf(position: PositionState): PositionPatch & { symbol: string } {
  const cost = position.lots.reduce((sum, lot) => sum.plus(lot.costLocal), position.quantity.times(0));
  const oldest = position.lots[0]?.date ?? position.firstDate;
  return {
    symbol: position.symbol,
    shares: Number(position.quantity.toString()),
    // An estimated lot (an opening BUY at a close) has no known price: the position says so, as a
    // holding without a purchase price always has, rather than show the estimate as a price paid.
    purchase_price: position.lots.some((lot) => lot.estimated)
      ? null
      : Number(cost.div(position.quantity).toFixed(PRICE_DECIMALS)),
    purchase_date: oldest,
  };
}

function differs(holding: StoredHolding, wanted: PositionPatch): boolean {
  return (
    holding.shares !== wanted.shares ||
    holding.purchase_price !== wanted.purchase_price ||
    holding.purchase_date !== wanted.purchase_date
  );
}

export async function syncHoldingsWithLedger(userId: string, deps: ProjectionDeps): Promise<void> {
  const ledger = await deps.ledgers.get(userId);
  if (!ledger) return;
  const book = checkLedger(ledger.transactions, ledger.cost_method, 'conflict');
  const wanted = new Map(
    [...book.positions.values()]
      .filter((position) => position.quantity.gt(0))
      .map((position) => [position.symbol, positionOf(position)] as const),
  );
  const current = await deps.holdings.list(userId);
  // Removals first: they free their count before new positions take theirs.
  for (const holding of current) {
    if (!wanted.has(holding.symbol)) await deps.holdings.remove(holding, deps.now());
  }
  for (const [symbol, position] of wanted) {
    const { symbol: _symbol, ...patch } = position;
    const held = current.find((holding) => holding.symbol === symbol);
    if (held) {
      if (differs(held, patch)) await deps.holdings.update(userId, held.id, patch, deps.now());
      continue;
    }
    const asset = await deps.market.findAsset(symbol);
    const timestamp = deps.now().toISOString();
    await deps.holdings.insert(
      {
        id: deps.newId(),
        user_id: userId,
        symbol,
        name: asset?.name ?? symbol,
        asset_type: asset?.asset_type ?? 'stock',
        shares: patch.shares as number,
        purchase_price: patch.purchase_price ?? null,
        purchase_date: patch.purchase_date ?? null,
        created_at: timestamp,
        updated_at: timestamp,
        version: 1,
      },
      // The quota was enforced on the ledger's write (distinct symbols held).
      -1,
      deps.now(),
    );
  }
}

import { loadReplayUniverseFromFile, loadSnapshotListings } from '../providers/replay';
import type { SnapshotListing } from '../../engine/types';
import { buildAssetUniverse, type QuotedSymbol } from './build-universe';
import { buildUniverseIndex, type UniverseIndex } from './search-universe';
import type { ListedInstrument } from './reference-listings';

/**
 * The screener snapshot, read once per process: about 0.3 s to read and parse the 2.6 MB CSV from
 * the installed package, paid by the first request that needs the universe. A bundled Lambda reads
 * the pre-built file instead (`REPLAY_DATA_FILE`, written by
 * `functions/scripts/build-replay-data.ts --with-snapshot`).
 */
export function loadSnapshotForUniverse(replayDataFile: string | undefined): SnapshotListing[] {
  if (replayDataFile) {
    const fromFile = [...loadReplayUniverseFromFile(replayDataFile).snapshotBySymbol.values()];
    if (fromFile.length > 0) return fromFile;
  }
  return loadSnapshotListings();
}

/** The search index over what the provider quotes plus the snapshot listings (about 0.2 s for 14k). */
export function indexAssetUniverse(
  quoted: readonly QuotedSymbol[],
  snapshot: readonly SnapshotListing[],
  listed: readonly ListedInstrument[] = [],
): UniverseIndex {
  return buildUniverseIndex(buildAssetUniverse({ quoted, snapshot, listed }));
}

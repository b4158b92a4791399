// The entry of an area's worker thread (area-workers.ts). A worker does not inherit the parent's
// TypeScript loader (neither tsx's `--import` nor Vitest's), so it registers tsx before importing the
// TypeScript worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./area-worker.ts');

// The entry of the market days' worker thread (market-days-thread.ts). A worker does not inherit the
// parent's TypeScript loader, so it registers tsx before importing the TypeScript worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./market-days-worker.ts');

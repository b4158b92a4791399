// The entry of the mail queue consumer's worker thread (local-mail-queue.ts): a worker does not
// inherit the parent's TypeScript loader, so it registers tsx before importing the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./mail-sender-worker.ts');

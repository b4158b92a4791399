import './quiet-env';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderIngestion, runIngestionBench } from './ingestion';
const symbols = Number(process.argv[2] ?? 200);
const work = mkdtempSync(join(tmpdir(), 'ing-'));
const figures = await runIngestionBench({
  symbols,
  requestsPerSecond: 10,
  workers: 2,
  work,
  progress: (m) => console.log(new Date().toISOString(), m),
});
console.log(renderIngestion(figures, symbols < 2000).join('\n'));

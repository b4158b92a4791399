/** Section 6: the local stack's memory at rest and under load, and each area's in a Lambda-like process. */
import { AREA_SIZING } from '@app/infra/lib/area-sizing';
import { DYNAMODB_LOCAL_HEAP_MB } from '@app/infra/local/dynamodb-local';
import { mib, round, table, verdict } from '../report-format';
import { MEMORY_TARGET_BYTES, type Report } from './report-data';

export function renderMemory(report: Report): string[] {
  const out = ['## 6. Memory', ''];
  const rest = report.memoryAtRest;
  if (rest) {
    out.push(
      table(
        [
          'moment',
          'stack process RSS MB',
          'stack heap used MB',
          ...Object.keys(rest.children).map((name) => `${name} RSS MB`),
          'total RSS MB',
          '< 1.0 GB',
        ],
        [
          [
            'at rest (seeded, idle)',
            Number(mib(rest.self_rss)),
            Number(mib(rest.self_heap_used)),
            ...Object.values(rest.children).map((bytes) => Number(mib(bytes))),
            Number(mib(rest.total_rss)),
            verdict(rest.total_rss < MEMORY_TARGET_BYTES),
          ],
          ...(report.load?.levels ?? []).map((level) => [
            `peak under load, ${level.result.connections} connections`,
            Number(mib(level.memory.peak_self_rss)),
            Number(mib(level.memory.peak_self_heap_used)),
            ...Object.keys(rest.children).map((name) => Number(mib(level.memory.peak_children[name] ?? 0))),
            Number(mib(level.memory.peak_total_rss)),
            verdict(level.memory.peak_total_rss < MEMORY_TARGET_BYTES),
          ]),
        ],
      ),
      '',
      'Stack process = the Node process of the local stack with its six area worker threads (one V8 heap each, infra/local/area-workers.ts), the API Gateway adapter and the static sites: at rest the bench process itself; under load, in `npm run bench` the child process of the worker-thread run of section 2, in `npm run bench:memory` the bench process; children read from /proc/<pid>/status VmRSS with their descendants (`LocalStack.childProcesses()`). The load generator runs in its own process and is not counted. ' +
        `Heaps capped as \`npm start\` runs them: the stack process with \`node --max-old-space-size=640\`, DynamoDB Local with \`-Xmx${DYNAMODB_LOCAL_HEAP_MB}m -XX:+UseSerialGC\` (infra/local/dynamodb-local.ts).`,
      '',
    );
  }
  const heaps = report.areaHeapsAtRest;
  if (heaps && Object.keys(heaps).length > 0) {
    out.push(
      "The stack process's V8 heaps at rest, by thread (`v8.getHeapStatistics()`, `Worker.getHeapStatistics()`), inside its figure above:",
      '',
      table(
        ['thread', 'heap used MB', 'heap committed MB'],
        Object.entries(heaps).map(([area, heap]) => [area, Number(mib(heap.used)), Number(mib(heap.total))]),
      ),
      '',
    );
  }
  if (report.perArea) {
    out.push(
      'Per area, in a Lambda-like process of its own (the section 1 bundle, only the SDK installed, REPLAY_DATA_FILE set), invoking its routes of the sequential pass directly with API Gateway v2 events, 15 rounds, memory sampled every 20 ms:',
      '',
      table(
        ['area', 'routes', 'peak heap MB', 'peak RSS MB', 'memory setting MB', 'headroom', '5xx'],
        Object.entries(report.perArea).map(([area, result]) => {
          const setting = AREA_SIZING[area as keyof typeof AREA_SIZING]?.memorySize ?? 0;
          const serverErrors = Object.entries(result.statuses)
            .filter(([key]) => / 5\d\d$/.test(key))
            .reduce((sum, [, count]) => sum + count, 0);
          return [
            area,
            Object.keys(result.statuses).length,
            Number(mib(result.peak_heap_bytes)),
            Number(mib(result.peak_rss_bytes)),
            setting,
            `${round(setting / Math.max(1, result.peak_rss_bytes / 1024 ** 2), 1)}x RSS`,
            `${serverErrors}${result.failures[0] ? ` (${result.failures[0].label}: ${result.failures[0].body.slice(0, 120)})` : ''}`,
          ];
        }),
      ),
      '',
      'Sizing (written beside `AREA_SIZING` in infra/lib/area-sizing.ts): Lambda bills memory and gives CPU in proportion to it, so the settings follow CPU need first (ai and portfolio compute) and memory second; every area peaks well under its setting, so none needs more, and the figures say how far each could go down before memory, not CPU, becomes the limit.',
      '',
    );
  }
  return out;
}

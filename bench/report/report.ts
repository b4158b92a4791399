import { cpus, totalmem } from 'node:os';
import { mib, round } from '../report-format';
import { QUICK } from '../run-options';
import { renderArtefacts } from './section-1-lambda-artefacts';
import { renderLoad } from './section-2-api-load';
import { renderDynamo } from './section-3-dynamodb';
import { renderCost } from './section-4-cost';
import { renderSites } from './section-5-sites';
import { renderMemory } from './section-6-memory';
import { renderEngine } from './section-7-engine';
import { renderIngestion } from './section-8-ingestion';
import { renderOnDemand } from './section-9-on-demand';
import { renderResetTiming } from './section-10-reset-timing';
import { renderScreener } from './section-11-screener';
import type { Report } from './report-data';

/** bench/results.md: the run's header, then one section per module of this folder, in order. */
export function renderReport(report: Report): string {
  const out: string[] = [];
  const seconds = report.finishedAt
    ? round((report.finishedAt.getTime() - report.startedAt.getTime()) / 1000, 0)
    : 0;
  out.push('# Performance report (`npm run bench`)', '');
  out.push(
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? '?'}), ${mib(totalmem())} MiB RAM, Node ${process.version}, ${process.platform}/${process.arch}. ` +
      `Run ${report.startedAt.toISOString()} - ${report.finishedAt?.toISOString() ?? '?'} (${seconds} s${QUICK ? ', **--quick: smoke figures**' : ''}). ` +
      `Load average before/after: ${report.loadBefore.map((value) => value.toFixed(2)).join(' ')} / ${report.loadAfter?.map((value) => value.toFixed(2)).join(' ') ?? '?'} ` +
      '(other work on the machine shows up here: the ratios and percentiles below are only as quiet as the machine was).',
    '',
  );
  if (report.errors.length > 0)
    out.push('**The run failed part-way:**', '', '```', ...report.errors, '```', '');

  out.push(...renderArtefacts(report), ...renderLoad(report), ...renderDynamo(report), ...renderCost(report));
  out.push(...renderSites(report), ...renderMemory(report), ...renderEngine(report));
  out.push(...renderIngestion(report.ingestion, QUICK));
  out.push(...renderOnDemand(report.onDemand));
  out.push(...renderResetTiming(report.resetTiming));
  out.push(...renderScreener(report.screener));
  return `${out.join('\n')}\n`;
}

import { readFileSync, readdirSync } from 'node:fs';

/**
 * Section 6: memory of the in-process local stack (this process: the six area handlers, the adapter,
 * the sites) sampled with process.memoryUsage(), and of its children (DynamoDB Local's JVM, the
 * emulator host of cognito-local, fauxqs and maildev) from /proc/<pid>/status, descendants included.
 */

export interface ChildProcessInfo {
  name: string;
  pid: number;
}

/** VmRSS of one process in bytes, 0 when it is gone (or not on Linux). */
export function residentBytesOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * One process's resident memory split as /proc/<pid>/status splits it, in bytes: anonymous (heaps,
 * stacks), file-backed (the executable's and libraries' pages, counted again in every process), shared
 * memory. Zeros when it is gone (or not on Linux).
 */
export function residentSplitOf(pid: number): { anon: number; file: number; shmem: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { anon: field('RssAnon'), file: field('RssFile'), shmem: field('RssShmem') };
  } catch {
    return { anon: 0, file: 0, shmem: 0 };
  }
}

/** The process and every descendant (a child may be a wrapper that started the real server). */
function treeOf(pid: number): number[] {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children.split(/\s+/).filter(Boolean)) pids.push(...treeOf(Number(child)));
    }
  } catch {
    // gone meanwhile
  }
  return pids;
}

export function treeResidentBytes(pid: number): number {
  return treeOf(pid).reduce((sum, each) => sum + residentBytesOf(each), 0);
}

export interface MemorySnapshot {
  self_rss: number;
  self_heap_used: number;
  children: Record<string, number>;
  total_rss: number;
}

export function snapshotMemory(children: readonly ChildProcessInfo[]): MemorySnapshot {
  const usage = process.memoryUsage();
  const childBytes = Object.fromEntries(children.map((child) => [child.name, treeResidentBytes(child.pid)]));
  const total = usage.rss + Object.values(childBytes).reduce((sum, bytes) => sum + bytes, 0);
  return { self_rss: usage.rss, self_heap_used: usage.heapUsed, children: childBytes, total_rss: total };
}

export interface MemoryPeaks {
  samples: number;
  peak_self_rss: number;
  peak_self_heap_used: number;
  peak_children: Record<string, number>;
  peak_total_rss: number;
}

/** Samples every `intervalMs` until stopped; returns the peaks. */
export function startMemorySampler(children: () => readonly ChildProcessInfo[], intervalMs = 250) {
  const peaks: MemoryPeaks = {
    samples: 0,
    peak_self_rss: 0,
    peak_self_heap_used: 0,
    peak_children: {},
    peak_total_rss: 0,
  };
  const sample = () => {
    const snapshot = snapshotMemory(children());
    peaks.samples += 1;
    peaks.peak_self_rss = Math.max(peaks.peak_self_rss, snapshot.self_rss);
    peaks.peak_self_heap_used = Math.max(peaks.peak_self_heap_used, snapshot.self_heap_used);
    peaks.peak_total_rss = Math.max(peaks.peak_total_rss, snapshot.total_rss);
    for (const [name, bytes] of Object.entries(snapshot.children)) {
      peaks.peak_children[name] = Math.max(peaks.peak_children[name] ?? 0, bytes);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop(): MemoryPeaks {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}

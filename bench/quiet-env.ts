/**
 * Imported first by bench/run.ts: the functions' logger and metrics read these when first loaded, and
 * the engine bench loads them before the local stack sets its own quiet defaults.
 */
process.env.LOG_LEVEL ??= 'WARN';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

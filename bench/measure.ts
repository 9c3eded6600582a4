/** Timing helpers for the benchmarks: warm up, then report the median of many samples. */
export interface Measurement {
  name: string;
  medianMs: number;
  p99Ms: number;
  opsPerSecond: number;
  samples: number;
}

/**
 * Runs `fn` until `budgetMs` of wall time is spent (after a warm-up), in batches so the clock's
 * resolution does not dominate sub-microsecond work.
 */
export function measure(name: string, fn: () => unknown, budgetMs = 600): Measurement {
  const warmUntil = performance.now() + budgetMs / 4;
  let batch = 1;
  while (performance.now() < warmUntil) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    if (performance.now() - start < 0.5) batch *= 2;
  }
  const times: number[] = [];
  const stopAt = performance.now() + budgetMs;
  while (performance.now() < stopAt || times.length < 20) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    times.push((performance.now() - start) / batch);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  return {
    name,
    medianMs: median,
    p99Ms: times[Math.floor(times.length * 0.99)]!,
    opsPerSecond: 1000 / median,
    samples: times.length * batch,
  };
}

export function formatRow(m: Measurement): string {
  const ms = m.medianMs < 0.01 ? `${(m.medianMs * 1000).toFixed(2)} µs` : `${m.medianMs.toFixed(3)} ms`;
  return `| ${m.name} | ${ms} | ${Math.round(m.opsPerSecond).toLocaleString('en-US')} |`;
}

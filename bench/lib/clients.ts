// Timing a call by one client (latency percentiles) and by several at once
// (throughput), for calls the benchmark makes itself (HTTP or SQL): both sides
// of a comparison are driven by the same loop in the same process.

export interface Latency {
  samples: number;
  p50: number;
  p95: number;
}

export interface Throughput {
  requests: number;
  seconds: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * One client, one call after another: one unmeasured warm-up call, then up to
 * `maxSamples` calls, stopping early after `seconds` once `minSamples` are in.
 */
export async function latency(
  call: () => Promise<unknown>,
  options: { seconds: number; maxSamples: number; minSamples: number },
): Promise<Latency> {
  await call();
  const times: number[] = [];
  const end = performance.now() + options.seconds * 1000;
  while (
    times.length < options.maxSamples &&
    (times.length < options.minSamples || performance.now() < end)
  ) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { samples: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * `clients` callers in a loop for `seconds` (each finishes its last call and
 * makes at least one): completed calls per second of the whole span.
 */
export async function throughput(
  calls: (() => Promise<unknown>)[],
  seconds: number,
): Promise<Throughput> {
  let requests = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    calls.map(async (call) => {
      do {
        await call();
        requests++;
      } while (performance.now() < end);
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { requests, seconds: elapsed, perSecond: requests / elapsed };
}

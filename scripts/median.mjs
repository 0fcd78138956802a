// The median the figures scripts report (make perf, scripts/trace-load.mjs, make bench-replay):
// the middle value, or the mean of the middle two for an even count.

/** The median of `values` (numbers; not changed). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The V8 flags the server runs with, wherever it runs: `npm start`, the Dockerfile's CMD, the
 * benchmarks and the scale demo (tests/server/node-flags.test.ts keeps the first two equal to
 * this list). Without them V8 lets the old generation grow to about four times the live heap
 * under a page-rendering load and keeps it when the load stops: 67 MB live, 350–430 MB RSS.
 * A growing factor of 1.3 and 8 MB semi-spaces keep it near 200 MB for the same search
 * throughput; `--optimize-for-size` saved more but cost 44% of it (ADR 028).
 */
export const NODE_FLAGS = ['--heap-growing-percent=30', '--max-semi-space-size=8']

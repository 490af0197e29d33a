// a retry with exponential backoff around a flaky call: options with defaults through ?? and ??=, an optional
// onRetry hook called with ?.(), a labelled loop over endpoints that moves on to the next one with `continue`
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let calls = 0;
async function flaky(endpoint) {
  calls++;
  await sleep(5);
  if (endpoint.failures-- > 0) throw new Error(`${endpoint.name} busy (${calls})`);
  return { endpoint: endpoint.name, calls };
}
async function retry(fn, options = {}) {
  options.retries ??= 3;
  const base = options.baseMs ?? 10;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= options.retries) throw err;
      const delay = Math.min(base * 2 ** attempt, options.maxMs ?? Infinity);
      options.onRetry?.(err, attempt + 1, delay);
      await sleep(delay);
    }
  }
}
async function main() {
  const endpoints = [
    { name: 'primary', failures: 9 },
    { name: 'replica', failures: 2 },
    { name: 'backup', failures: 0 },
  ];
  const results = [];
  tryEndpoints: for (const ep of endpoints) {
    for (const attemptLimit of [1, 2]) {
      try {
        const r = await retry(() => flaky(ep), {
          retries: attemptLimit,
          maxMs: 25,
          onRetry: (err, n, ms) => console.log(`  retry ${n} in ${ms} ms: ${err.message}`),
        });
        results.push(r);
        break tryEndpoints;
      } catch (err) {
        console.log(`${ep.name} gave up after ${attemptLimit + 1} tries:`, err.message);
        if (ep.name === 'primary') continue tryEndpoints;
      }
    }
  }
  console.log('result', results[0]?.endpoint ?? 'none', results[0]?.calls, results[1]?.endpoint);
  const stats = { attempts: calls, get perEndpoint() { return (this.attempts / endpoints.length).toFixed(1); } };
  console.log(stats, stats.perEndpoint);
}
main().then(() => console.log('done after', calls, 'calls'));

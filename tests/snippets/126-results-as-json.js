// the results of a batch as JSON: Promise.allSettled's outcomes counted in a Map, the failures' reasons by name,
// JSON.stringify with an indentation, a replacer and toJSON; then parsed back
const sleep = (ms, v) => new Promise((resolve) => setTimeout(resolve, ms, v));
class FetchError extends Error {
  constructor(url, status) {
    super(`GET ${url} failed`);
    this.name = 'FetchError';
    this.status = status;
  }
  toJSON() {
    return { error: this.name, status: this.status };
  }
}
async function fetchJson(url, ms) {
  await sleep(ms);
  if (url.includes('missing')) throw new FetchError(url, 404);
  return { url, items: url.length % 3, fetchedAfter: ms };
}
const urls = ['/api/users', '/api/missing', '/api/orders', '/api/missing-too'];
Promise.allSettled(urls.map((u, i) => fetchJson(u, 10 * (i + 1)))).then((results) => {
  const counts = new Map();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  console.log(counts, Object.fromEntries(counts));
  console.log(JSON.stringify(results, null, 2));
  const compact = JSON.stringify(results, (key, value) => (key === 'fetchedAfter' ? undefined : value));
  console.log(compact.length, compact);
  const back = JSON.parse(compact);
  console.log(back.map((r) => r.value?.url ?? r.reason.error), back[1].reason);
  const statuses = new Set(results.map((r) => r.reason?.status).filter(Boolean));
  console.log(statuses, [...statuses].join(), JSON.stringify({ statuses, when: 'now' }, null, '\t'));
});
console.log('fetching', urls.length, 'urls');

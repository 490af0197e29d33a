// a worker pool: at most 2 jobs at a time from a queue, each a timer of its own length; the report at the end
// sorts, filters and sums the results (array, string and number built-ins around the async parts)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const jobs = [
  { id: 'thumbnail', ms: 30 },
  { id: 'resize', ms: 10 },
  { id: 'upload', ms: 80 },
  { id: 'notify', ms: 5 },
  { id: 'cleanup', ms: 20 },
];
const results = [];
async function worker(name, queue) {
  while (queue.length > 0) {
    const [job] = queue.splice(0, 1);
    await sleep(job.ms);
    results.push({ id: job.id, worker: name, took: job.ms });
    console.log(`${name.padEnd(3)} ${job.id.padStart(9)} ${String(job.ms).padStart(3, '0')} ms`);
  }
}
async function runPool(size) {
  const queue = [...jobs];
  const workers = Array.from({ length: size }, (_, i) => worker(`w${i + 1}`, queue));
  await Promise.all(workers);
  const slow = results.filter((r) => r.took >= 20).map((r) => r.id);
  const total = results.reduce((sum, r) => sum + r.took, 0);
  const byTime = [...results].sort((a, b) => b.took - a.took || a.id.localeCompare(b.id));
  console.log('slow:', slow.join(', '));
  console.log('busiest:', byTime[0].id, 'total', (total / 1000).toFixed(2), 's');
  console.log('every job done:', jobs.every((j) => results.some((r) => r.id === j.id)));
  console.log('w1 did', results.filter((r) => r.worker === 'w1').length, 'of', results.length);
  console.log(
    'ids:',
    results.map((r) => r.id.slice(0, 3).toUpperCase()),
    Math.max(...results.map((r) => r.took)),
  );
}
runPool(2).then(() => console.log('pool drained'));
console.log('pool started with', Math.min(2, jobs.length), 'workers');

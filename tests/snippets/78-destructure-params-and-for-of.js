const jobs = [
  { name: 'a', delay: 20 },
  { name: 'b', delay: 5 },
  { name: 'c' },
];
function schedule({ name, delay = 0 }, ...tags) {
  setTimeout(() => console.log('ran', name, 'after', delay, 'ms', tags.join('+')), delay);
}
for (const job of jobs) schedule(job, 'job', job.name);
for (const [i, { name }] of jobs.map((j, i) => [i, j])) {
  queueMicrotask(() => console.log('queued', i, name));
}

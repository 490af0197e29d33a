const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function processAll(jobs) {
  for (const job of jobs) {
    await sleep(job.ms);
    console.log('done', job.name);
  }
  console.log('all done');
}
processAll([
  { name: 'slow', ms: 30 },
  { name: 'fast', ms: 10 },
]);
setTimeout(() => console.log('timer at 20 ms'), 20);
console.log('started');

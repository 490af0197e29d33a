// polling with an async generator: await a timer, yield a value; breaking out of the for await loop calls the
// generator's return(), so it never resumes after its last yield
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function* poll(ms) {
  let attempt = 0;
  while (true) {
    await sleep(ms);
    attempt++;
    yield { attempt, ready: attempt >= 3 };
    console.log('generator resumed after attempt', attempt);
  }
}
async function waitUntilReady() {
  for await (const status of poll(10)) {
    console.log('status', status);
    if (status.ready) break;
  }
  return 'ready';
}
waitUntilReady().then((r) => console.log(r));
setTimeout(() => console.log('timer at 100 ms'), 100);

// a custom error class, as talks write it: thrown after an await, caught by .catch and by try/catch; logged whole
// (its stack), by its message, and checked with instanceof
class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}
const fakeFetch = (url) =>
  new Promise((resolve, reject) =>
    setTimeout(() => (url === '/ok' ? resolve({ status: 200 }) : reject(new HttpError(404, `${url} not found`))), 10),
  );
async function load(url) {
  try {
    const res = await fakeFetch(url);
    console.log('loaded', url, res.status);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) console.log('missing:', err.message);
    else throw err;
  }
}
load('/ok');
load('/nope');
fakeFetch('/gone').catch((err) => {
  console.log(err);
  console.log(String(err), `${err}`, err instanceof Error, err.name);
});

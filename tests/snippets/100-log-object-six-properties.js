// an object of more than 5 properties: Node prints them all (over several lines past 80 columns), a browser's
// console previews the first 5 and marks the rest with …
const request = { method: 'GET', url: '/users/7', status: 200, ms: 12, cached: false, retries: 0 };
console.log(request);
const config = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8 };
setTimeout(() => console.log('config', config), 0);
Promise.resolve({ ...request, status: 304, cached: true }).then((r) => console.log(r));

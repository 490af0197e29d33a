// functions logged: Node names their kind ([Function: f], [AsyncFunction: f], [class K]); a browser prints the
// source of a function logged by itself
function handler(req) {
  return req;
}
const double = (x) => x * 2;
async function load() {}
class Cache {}
console.log(handler);
console.log(double, load);
setTimeout(() => console.log(Cache), 0);

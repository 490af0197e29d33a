// runtime: node
// Node 20 has no Promise.withResolvers (it came in Node 22)
console.log(typeof Promise.withResolvers);
try {
  const deferred = Promise.withResolvers();
  console.log('unreachable', deferred);
} catch (e) {
  console.log(e.name, e.message);
}

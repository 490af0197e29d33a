let depth = 0;
function nest() {
  depth++;
  console.log('level', depth);
  if (depth < 7) {
    setTimeout(nest, 0);
  }
}
setTimeout(nest, 0);
setTimeout(() => console.log('300 ms'), 300);

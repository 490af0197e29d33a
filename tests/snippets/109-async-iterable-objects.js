// objects that are async iterable: one with [Symbol.asyncIterator]() returning a { next } object whose next returns
// promises, and a class whose [Symbol.asyncIterator] is an async generator method
const stream = {
  chunks: ['he', 'll', 'o'],
  [Symbol.asyncIterator]() {
    let i = 0;
    const chunks = this.chunks;
    return {
      next() {
        return i < chunks.length
          ? new Promise((resolve) => setTimeout(() => resolve({ value: chunks[i++], done: false }), 5))
          : Promise.resolve({ value: undefined, done: true });
      },
    };
  },
};
class Feed {
  constructor(items) {
    this.items = items;
  }
  async *[Symbol.asyncIterator]() {
    for (const item of this.items) {
      await null;
      yield item.toUpperCase();
    }
  }
}
(async () => {
  let text = '';
  for await (const chunk of stream) text += chunk;
  console.log('stream:', text);
})();
(async () => {
  for await (const s of new Feed(['a', 'b', 'c'])) console.log('feed', s);
})();
Promise.resolve()
  .then(() => console.log('m1'))
  .then(() => console.log('m2'))
  .then(() => console.log('m3'))
  .then(() => console.log('m4'));

const state = { user: null, retries: undefined, tasks: [{ id: 1, done: false }] };
console.log(state);
queueMicrotask(() => {
  state.user = { name: 'ann', roles: ['admin'] };
  state.tasks[0].done = true;
  console.log(state.user, state.tasks);
});
setTimeout(() => console.log({ depth: { one: { two: { three: 3 } } } }), 0);
console.log(null, undefined, [null, undefined], {}, []);

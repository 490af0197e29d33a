// runtime: node
// inside a value Node prints a function's kind and name; an anonymous one is (anonymous)
const routes = { home: () => 'home', save: async () => {}, list: [function named() {}] };
console.log(routes);
console.log([() => {}]);

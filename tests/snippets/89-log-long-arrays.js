// arrays of more than six items: Node lays them out in columns (numbers aligned right), a browser lists them
const delays = [];
for (let i = 1; i <= 16; i++) delays.push(i * i);
const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
setTimeout(() => console.log(delays), 0);
Promise.resolve().then(() => console.log(names));
console.log({ count: delays.length, first: [delays[0], delays[1], delays[2]] });

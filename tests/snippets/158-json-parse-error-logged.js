// an error from JSON.parse logged with console.error and console.log: its message as each runtime's V8 writes it
// (Chromium adds the line and column), then V8's frame for JSON.parse itself above the caller's
function readConfig(text) {
  try {
    return JSON.parse(text);
  } catch (err) {
    console.error(err);
    return { port: 80 };
  }
}
console.log(readConfig('{"port": 8080}'));
console.log(readConfig('{"port": 8080,}'));
setTimeout(() => {
  try {
    JSON.parse('[1, 2');
  } catch (e) {
    console.log(e.name, e.message);
    console.log(e);
  }
}, 0);

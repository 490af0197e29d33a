// err.stack logged (its first line, then the frames), an error wrapped with a cause and rethrown through an
// async chain, and instanceof at each level
class DbError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'DbError';
  }
}
async function query(sql) {
  await null;
  throw new TypeError(`bad sql: ${sql}`);
}
async function load(id) {
  try {
    return await query(`select ${id}`);
  } catch (err) {
    throw new DbError(`load ${id} failed`, { cause: err });
  }
}
load(7).catch((err) => {
  console.log(err.stack);
  console.log(err instanceof DbError, err instanceof Error, err.cause instanceof TypeError, err.cause.message);
});
setTimeout(() => console.log('later'), 0);

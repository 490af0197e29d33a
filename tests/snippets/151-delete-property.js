// delete removes an own property (true, also when there was none, and on a primitive); the key order of what
// remains, and a property added again goes last
const session = { id: 7, user: 'ada', token: 'secret', expires: 60 };
console.log(delete session.token, delete session['expires'], delete session.missing);
console.log(session, Object.keys(session), 'token' in session, session.token);
session.token = 'new';
console.log(JSON.stringify(session));
class Cache {
  constructor() {
    this.a = 1;
    this.b = 2;
  }
}
const c = new Cache();
delete c.a;
console.log(c, delete (5).digits);
const key = 'user';
Promise.resolve().then(() => {
  delete session[key];
  console.log(session);
});
try {
  const nothing = undefined;
  delete nothing.x;
} catch (e) {
  console.log(e.name, e.message);
}

async function load(id) {
  if (id < 0) {
    throw new Error('bad id ' + id);
  }
  return { id: id, name: 'user' + id };
}
load(-1).catch((e) => console.log(e.message));
load(7).then((u) => console.log(u.name));
console.log('sync');

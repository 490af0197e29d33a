const fetchUser = (id) => new Promise((resolve) => setTimeout(() => resolve({ id, name: 'user' + id }), 10 * id));
async function main() {
  const [first, second] = await Promise.all([fetchUser(2), fetchUser(1)]);
  const { name, id: firstId } = first;
  console.log(name, firstId, second.name);
  const [, ...others] = [first, second, { name: 'third' }];
  console.log('others:', others.length);
}
main();
console.log('main started');

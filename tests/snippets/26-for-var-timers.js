for (var i = 0; i < 3; i++) {
  setTimeout(() => console.log('var', i), 0);
}

for (let i = 0; i < 3; i++) {
  setTimeout(() => console.log('let', i), 0);
}

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go = 0;
static void *wait_fn(void *arg) { pthread_mutex_lock(&m); while (!go) pthread_cond_wait(&c, &m); pthread_mutex_unlock(&m); return arg; }
static int count(void) { FILE *f = fopen("/proc/self/maps", "r"); int n = 0, ch; while ((ch = fgetc(f)) != EOF) if (ch == '\n') n++; fclose(f); return n; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  pthread_t *t = malloc(sizeof(pthread_t) * n);
  int before = count();
  for (int i = 0; i < n; i++) pthread_create(&t[i], NULL, wait_fn, NULL);
  int after = count();
  pthread_mutex_lock(&m); go = 1; pthread_cond_broadcast(&c); pthread_mutex_unlock(&m);
  for (int i = 0; i < n; i++) pthread_join(t[i], NULL);
  printf("%d\n", after - before);
  return 0;
}

/*
 * What an idle OS thread costs: N pthreads with the default attributes (the stack size is `ulimit -s`, 8 MB on
 * Debian) block on a condition variable; /proc/self/status's VmSize (address space reserved) and VmRSS (memory
 * resident) are read before and while they wait. Prints one JSON line. Used by tests/unit/green-threads-real.test.ts.
 * Kernel memory per thread (its kernel stack, task_struct) is in neither figure.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go = 0, ready = 0;

static void *wait_fn(void *arg) {
  pthread_mutex_lock(&m);
  ready++;
  pthread_cond_broadcast(&c);
  while (!go) pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return arg;
}

/* A field of /proc/self/status in kB, or -1. */
static long status_kb(const char *field) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long v = -1;
  size_t n = strlen(field);
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, field, n) == 0 && line[n] == ':') {
      v = strtol(line + n + 1, NULL, 10);
      break;
    }
  fclose(f);
  return v;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  pthread_attr_t attr;
  size_t stack = 0;
  pthread_t *t = malloc(sizeof(pthread_t) * n);
  int made = 0;
  pthread_attr_init(&attr);
  pthread_attr_getstacksize(&attr, &stack);
  long size0 = status_kb("VmSize"), rss0 = status_kb("VmRSS");
  for (; made < n; made++)
    if (pthread_create(&t[made], NULL, wait_fn, NULL) != 0) break;
  pthread_mutex_lock(&m);
  while (ready < made) pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  long size1 = status_kb("VmSize"), rss1 = status_kb("VmRSS"), threads = status_kb("Threads");
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  for (int i = 0; i < made; i++) pthread_join(t[i], NULL);
  printf("{\"threads\":%d,\"threadsInStatus\":%ld,\"defaultStackBytes\":%zu,\"vmSizeKb\":[%ld,%ld],\"vmRssKb\":[%ld,%ld]}\n",
         made, threads, stack, size0, size1, rss0, rss1);
  return made == n ? 0 : 1;
}

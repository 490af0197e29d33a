// Lock contention (scripts/record-observe.ts): N threads take turns on one mutex, each holding it for a short
// loop. They spend their time waiting for it in futex(FUTEX_WAIT). Usage: observe-contended [threads] [seconds]
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long counter;
static void *work(void *arg) {
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&m);
    for (int i = 0; i < 2000; i++) counter++;
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  int secs = argc > 2 ? atoi(argv[2]) : 30;
  pthread_t t[64];
  for (int i = 0; i < n && i < 64; i++) pthread_create(&t[i], 0, work, 0);
  printf("ready\n");
  fflush(stdout);
  sleep(secs);
  return 0;
}

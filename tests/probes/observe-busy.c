// CPU-bound with too few cores (scripts/record-observe.ts, run under `taskset -c 0`): N threads spin and make no
// system calls; the scheduler takes the core from them: nonvoluntary context switches. Usage: observe-busy [threads] [seconds]
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static void *spin(void *arg) {
  volatile unsigned long x = 0;
  (void)arg;
  for (;;) x++;
  return 0;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4;
  int secs = argc > 2 ? atoi(argv[2]) : 30;
  pthread_t t[64];
  for (int i = 0; i < n && i < 64; i++) pthread_create(&t[i], 0, spin, 0);
  printf("ready\n");
  fflush(stdout);
  sleep(secs);
  return 0;
}

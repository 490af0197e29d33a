/*
 * io_uring probe for the `io-uring` slide (tests/unit/real-syscalls.test.ts runs it under `strace -f -c`).
 *
 *   uring_batch B ENTRIES [sqpoll|plain] [ROUNDS]
 *
 * Answers a batch of B requests over B socket pairs, the io_uring way: for each request one RECV (read the
 * request) and one SEND (write the response) are queued as SQEs, so a batch is 2B SQEs. The program queues as
 * many SQEs as the submission ring has room for, calls io_uring_enter once to submit them (and, for the last
 * enter, to wait for all outstanding completions), reaps the CQEs from shared memory, and repeats until the
 * batch is done. Expected io_uring_enter calls per batch: ceil(2B / ENTRIES). With "sqpoll"
 * (IORING_SETUP_SQPOLL) a kernel thread takes the SQEs from the ring by itself: the program calls io_uring_enter
 * only to wake that thread when the ring's flags say IORING_SQ_NEED_WAKEUP (it sleeps when it has had nothing to
 * do; on this kernel it starts asleep), so the first batch costs one wake-up call and the following ones none.
 * ROUNDS batches are answered one after another (a new request arrives on every socket before each one).
 *
 * Raw syscalls, no liburing, so the probe builds with only the kernel headers. Prints one JSON line:
 *   {"batch":B,"entries":E,"sqpoll":0|1,"rounds":R,"enters":[per round],"completions":C,"errors":X,"woke":W}
 * Sources: io_uring(7), io_uring_setup(2), io_uring_enter(2); Jens Axboe, "Efficient IO with io_uring" (2019).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/io_uring.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static int sys_setup(unsigned entries, struct io_uring_params *p) {
  return (int)syscall(__NR_io_uring_setup, entries, p);
}
static int sys_enter(int fd, unsigned submit, unsigned min_complete, unsigned flags) {
  return (int)syscall(__NR_io_uring_enter, fd, submit, min_complete, flags, NULL, 0);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s B ENTRIES [sqpoll|plain] [ROUNDS]\n", argv[0]);
    return 2;
  }
  int batch = atoi(argv[1]);
  unsigned entries = (unsigned)atoi(argv[2]);
  int sqpoll = argc > 3 && strcmp(argv[3], "sqpoll") == 0;
  int rounds = argc > 4 ? atoi(argv[4]) : 1;
  if (batch < 1 || rounds < 1 || rounds > 16) { fprintf(stderr, "bad arguments\n"); return 2; }

  int (*pairs)[2] = calloc((size_t)batch, sizeof *pairs);
  char (*bufs)[16] = calloc((size_t)batch, sizeof *bufs);
  for (int i = 0; i < batch; i++) {
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, pairs[i]) < 0) { perror("socketpair"); return 3; }
    /* The request is already waiting on the server end, pairs[i][0]. */
    if (write(pairs[i][1], "GET", 3) != 3) { perror("write"); return 3; }
  }

  struct io_uring_params p;
  memset(&p, 0, sizeof p);
  if (sqpoll) {
    p.flags |= IORING_SETUP_SQPOLL;
    p.sq_thread_idle = 2000; /* ms before the kernel thread sleeps */
  }
  int ring = sys_setup(entries, &p);
  if (ring < 0) {
    printf("{\"setup_errno\":%d}\n", errno);
    return 4;
  }

  size_t sq_sz = p.sq_off.array + p.sq_entries * sizeof(unsigned);
  size_t cq_sz = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
  if (p.features & IORING_FEAT_SINGLE_MMAP) {
    if (cq_sz > sq_sz) sq_sz = cq_sz;
    cq_sz = sq_sz;
  }
  char *sq = mmap(NULL, sq_sz, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, ring, IORING_OFF_SQ_RING);
  char *cq = (p.features & IORING_FEAT_SINGLE_MMAP)
                 ? sq
                 : mmap(NULL, cq_sz, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, ring, IORING_OFF_CQ_RING);
  struct io_uring_sqe *sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe), PROT_READ | PROT_WRITE,
                                   MAP_SHARED | MAP_POPULATE, ring, IORING_OFF_SQES);
  if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED) { perror("mmap"); return 5; }

  unsigned *sq_head = (unsigned *)(sq + p.sq_off.head);
  unsigned *sq_tail = (unsigned *)(sq + p.sq_off.tail);
  unsigned *sq_mask = (unsigned *)(sq + p.sq_off.ring_mask);
  unsigned *sq_flags = (unsigned *)(sq + p.sq_off.flags);
  unsigned *sq_array = (unsigned *)(sq + p.sq_off.array);
  unsigned *cq_head = (unsigned *)(cq + p.cq_off.head);
  unsigned *cq_tail = (unsigned *)(cq + p.cq_off.tail);
  unsigned *cq_mask = (unsigned *)(cq + p.cq_off.ring_mask);
  struct io_uring_cqe *cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);

  if (sqpoll) usleep(100 * 1000); /* let the kernel thread start; it stays awake for sq_thread_idle ms */

  int rounds_enters[16];
  int errors = 0, woke = 0, all_completed = 0;
  for (int round = 0; round < rounds; round++) {
    if (round > 0)
      for (int i = 0; i < batch; i++)
        if (write(pairs[i][1], "GET", 3) != 3) { perror("write"); return 3; } /* the next request arrives */
    int total = 2 * batch; /* one RECV and one SEND per request */
    int queued = 0, completed = 0, enters = 0;
    while (completed < total) {
      /* Queue as many SQEs as fit (the app owns the tail; the kernel advances the head). */
      unsigned tail = *sq_tail;
      unsigned head = __atomic_load_n(sq_head, __ATOMIC_ACQUIRE);
      unsigned n = 0;
      while (queued < total && tail - head < p.sq_entries) {
        unsigned idx = tail & *sq_mask;
        struct io_uring_sqe *e = &sqes[idx];
        memset(e, 0, sizeof *e);
        int req = queued / 2;
        if (queued % 2 == 0) {
          e->opcode = IORING_OP_RECV;
          e->fd = pairs[req][0];
          e->addr = (unsigned long)bufs[req];
          e->len = sizeof bufs[req];
        } else {
          e->opcode = IORING_OP_SEND;
          e->fd = pairs[req][0];
          e->addr = (unsigned long)"200";
          e->len = 3;
        }
        e->user_data = (uint64_t)queued;
        sq_array[idx] = idx;
        tail++;
        queued++;
        n++;
      }
      __atomic_store_n(sq_tail, tail, __ATOMIC_RELEASE);
  
      if (sqpoll) {
        /* The kernel thread picks the SQEs up by itself; a syscall is needed only if it went to sleep. */
        if (n > 0 && (__atomic_load_n(sq_flags, __ATOMIC_ACQUIRE) & IORING_SQ_NEED_WAKEUP)) {
          sys_enter(ring, 0, 0, IORING_ENTER_SQ_WAKEUP);
          enters++;
          woke++;
        }
      } else if (n > 0 || completed < total) {
        unsigned outstanding = (unsigned)(queued - completed);
        /* Last enter of the batch: also wait for every outstanding completion. */
        unsigned wait = queued == total ? outstanding : 0;
        int r = sys_enter(ring, n, wait, wait ? IORING_ENTER_GETEVENTS : 0);
        enters++;
        if (r < 0) { perror("io_uring_enter"); return 6; }
      }
  
      /* Reap: completions are read from shared memory, no syscall. */
      unsigned ch = *cq_head;
      unsigned ct = __atomic_load_n(cq_tail, __ATOMIC_ACQUIRE);
      while (ch != ct) {
        struct io_uring_cqe *c = &cqes[ch & *cq_mask];
        if (c->res < 0) errors++;
        completed++;
        ch++;
      }
      __atomic_store_n(cq_head, ch, __ATOMIC_RELEASE);
    }
    rounds_enters[round] = enters;
    all_completed += completed;
  }
  printf("{\"batch\":%d,\"entries\":%u,\"sqpoll\":%d,\"rounds\":%d,\"enters\":[", batch, p.sq_entries, sqpoll, rounds);
  for (int r = 0; r < rounds; r++) printf("%s%d", r ? "," : "", rounds_enters[r]);
  printf("],\"completions\":%d,\"errors\":%d,\"woke\":%d}\n", all_completed, errors, woke);
  return 0;
}

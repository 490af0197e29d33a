/*
 * select / poll / epoll facts on this machine, printed as one JSON object.
 * Used by tests/unit/select-epoll-real.test.ts.
 *
 *   select-sizes            sizes of the structures, and what the kernel itself does with select's nfds
 *   select-sizes fdset FD   FD_SET(FD, &set) on an ordinary 1024-bit fd_set, then select(FD + 1, ...)
 *                           (compiled with -O2 -D_FORTIFY_SOURCE=2, glibc aborts for FD >= FD_SETSIZE)
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <unistd.h>

static void raw_select(const char *name, long nfds, int fd_to_set, int last) {
  /* A bitmap of 4096 bits: larger than an fd_set, so the kernel can be asked about descriptors past 1023. */
  unsigned long bits[4096 / (8 * sizeof(unsigned long))];
  memset(bits, 0, sizeof bits);
  if (fd_to_set >= 0) bits[fd_to_set / (8 * sizeof(unsigned long))] |= 1UL << (fd_to_set % (8 * sizeof(unsigned long)));
  struct timespec ts = {0, 0};
  long r = syscall(SYS_pselect6, nfds, bits, NULL, NULL, &ts, NULL);
  int err = errno;
  printf("\"%s\": {\"nfds\": %ld, \"result\": %ld, \"errno\": \"%s\"}%s\n", name, nfds, r,
         r < 0 ? (err == EINVAL ? "EINVAL" : err == EBADF ? "EBADF" : "other") : "", last ? "" : ",");
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "fdset") == 0) {
    int fd = atoi(argv[2]);
    fd_set set;
    FD_ZERO(&set);
    FD_SET(fd, &set);
    struct timeval tv = {0, 0};
    int r = select(fd + 1, &set, NULL, NULL, &tv);
    printf("{\"fdset\": %d, \"select\": %d}\n", fd, r);
    return 0;
  }
  /* Open pipes until a descriptor past 1050 exists, so that it can be named in a raw select. */
  int fds[2], high = 0;
  while (high < 1050) {
    if (pipe(fds) != 0) { perror("pipe"); return 1; }
    high = fds[0];
  }
  printf("{\n");
  printf("\"FD_SETSIZE\": %d, \"sizeof_fd_set\": %zu, \"sizeof_pollfd\": %zu, \"sizeof_revents\": %zu,\n",
         FD_SETSIZE, sizeof(fd_set), sizeof(struct pollfd), sizeof(((struct pollfd *)0)->revents));
  printf("\"sizeof_epoll_event\": %zu, \"sizeof_long\": %zu, \"high_fd\": %d,\n", sizeof(struct epoll_event), sizeof(long), high);
  raw_select("kernel_fd_past_1024", high + 1, high, 0);
  raw_select("kernel_nfds_huge", 1L << 30, -1, 0);
  raw_select("kernel_nfds_negative", -1, -1, 1);
  printf("}\n");
  return 0;
}

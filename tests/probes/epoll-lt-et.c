/*
 * Level- vs edge-triggered epoll on a real socket (the wake-up slide, components/wake-up/).
 *
 *   epoll-lt-et level|edge OP...
 *
 * A connected AF_UNIX stream socketpair: the peer writes, this side waits and reads. Each OP:
 *   wN  the peer writes N bytes (new data: the socket wakes its wait queue, epoll's callback queues the fd);
 *   rN  this side reads up to N bytes;
 *   e   epoll_wait with a timeout of 0: prints "e 1" when the fd is reported, "e 0" when it is not;
 * and after each op, "left B": the bytes still in the socket's receive buffer (FIONREAD).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int edge = strcmp(argv[1], "edge") == 0;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return 1;
  int ep = epoll_create1(0);
  struct epoll_event ev = {.events = EPOLLIN | (edge ? EPOLLET : 0), .data.fd = sv[0]};
  if (epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev) != 0) return 1;
  static char buf[1 << 16];
  memset(buf, 'x', sizeof buf);
  for (int i = 2; i < argc; i++) {
    const char *op = argv[i];
    int n = atoi(op + 1);
    if (n < 0 || n > (int)sizeof buf) return 2;
    if (op[0] == 'w') {
      if (write(sv[1], buf, n) != n) return 1;
      printf("w\n");
    } else if (op[0] == 'r') {
      int avail = 0;
      ioctl(sv[0], FIONREAD, &avail);
      if (avail > 0 && read(sv[0], buf, n) < 0) return 1;
      printf("r\n");
    } else if (op[0] == 'e') {
      struct epoll_event out[4];
      int got = epoll_wait(ep, out, 4, 0);
      if (got < 0) return 1;
      printf("e %d\n", got);
    } else {
      return 2;
    }
    int left = 0;
    ioctl(sv[0], FIONREAD, &left);
    printf("left %d\n", left);
  }
  return 0;
}

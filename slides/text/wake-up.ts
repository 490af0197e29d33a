import { slideText } from '../types.ts';

/** The words of the slide `wake-up` (its title is in `slides/wake-up.ts`): loaded with the slide. */
export default slideText({
  sources: [
    ['epoll(7): level-triggered and edge-triggered', 'https://man7.org/linux/man-pages/man7/epoll.7.html'],
    [
      'Linux, fs/eventpoll.c: ep_poll_callback, ep_poll, ep_send_events',
      'https://github.com/torvalds/linux/blob/master/fs/eventpoll.c',
    ],
    [
      'Linux, net/core/sock.c: sock_def_readable (sk_data_ready)',
      'https://github.com/torvalds/linux/blob/master/net/core/sock.c',
    ],
    [
      'Linux, net/ipv4/tcp_input.c and tcp_ipv4.c: tcp_v4_rcv, tcp_rcv_established, tcp_queue_rcv',
      'https://github.com/torvalds/linux/blob/master/net/ipv4/tcp_input.c',
    ],
    ['Linux networking documentation: NAPI', 'https://docs.kernel.org/networking/napi.html'],
  ],
  ru: {
    body: [{ p: 'Как один пакет будит поток, спящий в `epoll_wait`.' }],
    notes: [
      { p: 'Поток спит в `epoll_wait` и не тратит процессор. Проследим, что его разбудит.' },
      { p: 'Пакет пришёл на сетевую карту.' },
      { p: 'Карта сама кладёт его в память, в RX-кольцо, через DMA. Процессор ещё ничего не делал.' },
      { p: 'Прерывание, а дальше NAPI в softirq забирает из кольца сразу пачку пакетов.' },
      { p: 'TCP находит сокет по адресу и порту и выстраивает байты по порядку.' },
      { p: 'Байты лежат в приёмном буфере сокета. Программа о них ещё не знает.' },
      { p: 'Сокет будит свою очередь ожидания. Там стоит не поток, а колбэк epoll.' },
      { p: 'Колбэк кладёт сокет в список готовых и будит того, кто спит в `epoll_wait`.' },
      { p: 'Поток проснулся, `epoll_wait` вернул один сокет. Работы ядра — на один готовый дескриптор.' },
      { p: '`read` взял килобайт, 424 байта остались в буфере.' },
      { p: 'Снова `epoll_wait`. По уровню сокет снова в ответе: данные ещё есть.' },
      { p: 'По фронту — тишина, пока не придут новые данные. Поэтому с EPOLLET читают до EAGAIN.' },
    ],
    appendix: [
      {
        p: 'Ответы «по уровню» и «по фронту» модели (`runEpoll` в `components/wake-up/wake-up-model.ts`) сверяются с настоящим ядром: `tests/probes/epoll-lt-et.c` (socketpair AF_UNIX и epoll с таймаутом 0) на сценарии слайда и на случайных последовательностях записей, чтений и ожиданий; проверка в `tests/unit/wake-up-real.test.ts` пропускается с причиной, если нет gcc.',
      },
      {
        p: 'Пакет — один TCP-сегмент кадра Ethernet 1500 байт: 1448 байт данных при включённых метках времени (1500 − 20 IP − 20 TCP − 12 опций). Имена функций — Linux 6.x: `napi_poll`, `ip_rcv`, `tcp_v4_rcv`, `tcp_rcv_established`, `tcp_queue_rcv`, `sock_def_readable`, `ep_poll_callback`, `ep_poll`, `ep_send_events`, `tcp_recvmsg`. Колбэк epoll встаёт в очередь ожидания сокета при `EPOLL_CTL_ADD` (`ep_ptable_queue_proc`).',
      },
      {
        p: 'По уровню `ep_send_events` возвращает сообщённый дескриптор в список готовых, и следующий `epoll_wait` опрашивает его снова; по фронту — нет, и дескриптор вернётся в список только после нового события. Чтение список не трогает.',
      },
    ],
  },
  en: {
    body: [{ p: 'How one packet wakes a thread asleep in `epoll_wait`.' }],
    notes: [
      { p: 'A thread sleeps in `epoll_wait`, using no CPU. Let’s follow what wakes it.' },
      { p: 'A packet arrives at the network card.' },
      { p: 'The card itself writes it into memory, the RX ring, by DMA. The CPU has done nothing yet.' },
      { p: 'An interrupt, and then NAPI, in a softirq, takes a batch of packets off the ring.' },
      { p: 'TCP finds the socket by address and port and puts the bytes in order.' },
      { p: 'The bytes sit in the socket’s receive buffer. The program doesn’t know yet.' },
      { p: 'The socket wakes its wait queue. On it is not the thread but epoll’s callback.' },
      { p: 'The callback puts the socket on the ready list and wakes whoever sleeps in `epoll_wait`.' },
      { p: 'The thread wakes, `epoll_wait` returns one socket. The kernel’s work: one ready descriptor.' },
      { p: '`read` took a kilobyte; 424 bytes stay in the buffer.' },
      { p: '`epoll_wait` again. Level-triggered: the socket is reported again, the data is still there.' },
      { p: 'Edge-triggered: silence until new data arrives. That is why with EPOLLET you read until EAGAIN.' },
    ],
    appendix: [
      {
        p: 'The model’s level- and edge-triggered answers (`runEpoll` in `components/wake-up/wake-up-model.ts`) are checked against the real kernel: `tests/probes/epoll-lt-et.c` (an AF_UNIX socketpair and epoll with a timeout of 0) on the slide’s story and on random sequences of writes, reads and waits; the check in `tests/unit/wake-up-real.test.ts` is skipped, with the reason, without gcc.',
      },
      {
        p: 'The packet is one TCP segment of a 1,500-byte Ethernet frame: 1,448 bytes of data with timestamps on (1,500 − 20 IP − 20 TCP − 12 of options). Function names are Linux 6.x: `napi_poll`, `ip_rcv`, `tcp_v4_rcv`, `tcp_rcv_established`, `tcp_queue_rcv`, `sock_def_readable`, `ep_poll_callback`, `ep_poll`, `ep_send_events`, `tcp_recvmsg`. epoll’s callback joins the socket’s wait queue at `EPOLL_CTL_ADD` (`ep_ptable_queue_proc`).',
      },
      {
        p: 'Level-triggered, `ep_send_events` puts a reported descriptor back on the ready list, and the next `epoll_wait` polls it again; edge-triggered, it does not, and the descriptor returns to the list only with a new event. A read does not touch the list.',
      },
    ],
  },
});

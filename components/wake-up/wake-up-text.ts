import type { Bilingual } from '../../lib/i18n.ts';
import type { Stage, Trigger } from './wake-up-model.ts';

/** One stage: its short name on the path, what happens (the caption), and where in Linux it happens (the details). */
interface StageText {
  readonly name: string;
  readonly caption: string;
  readonly kernel: string;
}

const en = {
  demoLabel: 'The wake-up path: from the network card to read()',
  pathLabel: 'The path of one packet',
  where: { hardware: 'Hardware', kernel: 'Kernel', thread: 'Your thread' },
  asleep: 'The thread sleeps in epoll_wait: no CPU used. A packet is on its way.',
  stages: {
    nic: {
      name: 'NIC',
      caption: 'A packet arrives at the network card.',
      kernel: 'the card (NIC) receives an Ethernet frame',
    },
    dma: {
      name: 'RX ring',
      caption: 'The card copies it by DMA into the RX ring in memory: no CPU yet.',
      kernel: 'DMA into a buffer of the driver’s RX descriptor ring',
    },
    softirq: {
      name: 'softirq',
      caption: 'An interrupt; then NAPI, in a softirq, takes the packets off the ring.',
      kernel: 'hard IRQ → napi_schedule; NET_RX softirq → the driver’s napi_poll → an sk_buff',
    },
    tcp: {
      name: 'TCP',
      caption: 'IP and TCP find the socket by address and port and put the bytes in order.',
      kernel: 'ip_rcv → tcp_v4_rcv → tcp_rcv_established',
    },
    buffer: {
      name: 'socket buffer',
      caption: 'The bytes wait in the socket’s receive buffer.',
      kernel: 'tcp_queue_rcv: the sk_buff joins sk_receive_queue',
    },
    waitqueue: {
      name: 'wait queue',
      caption: 'The socket wakes its wait queue. On it: epoll’s callback, not the thread.',
      kernel: 'sk_data_ready = sock_def_readable → wake_up on the socket’s wait queue',
    },
    readylist: {
      name: 'ready list',
      caption: 'epoll’s callback puts the socket on the ready list and wakes epoll_wait.',
      kernel: 'ep_poll_callback: the fd’s epitem joins rdllist; wake_up on ep->wq',
    },
    woken: {
      name: 'epoll_wait',
      caption: 'The thread runs again: epoll_wait returns one ready socket.',
      kernel: 'ep_poll wakes; ep_send_events polls the fd and copies its event to user space',
    },
    read: {
      name: 'read()',
      caption: 'read() takes what it asked for; the rest stays in the buffer.',
      kernel: 'tcp_recvmsg copies from sk_receive_queue to the user’s buffer',
    },
    again: {
      name: 'epoll_wait again',
      caption: 'The loop calls epoll_wait again, with bytes left in the buffer.',
      kernel: 'level-triggered: ep_send_events put the epitem back on rdllist; edge-triggered: it did not',
    },
  } satisfies Record<Stage, StageText>,
  readFigure: (asked: string, left: string) => `read(fd, buf, ${asked}): ${left} bytes left in the buffer.`,
  triggerLabel: 'Trigger mode',
  triggers: { level: 'Level-triggered', edge: 'Edge-triggered' } satisfies Record<Trigger, string>,
  /** While browsing, with the flag that asks for it. */
  triggersFlagged: { level: 'Level-triggered', edge: 'Edge-triggered (EPOLLET)' } satisfies Record<Trigger, string>,
  again: {
    reported: (left: string) => `Level-triggered: reported again, ${left} bytes are still there.`,
    silent: (left: string) => `Edge-triggered: silent. ${left} bytes wait until new data arrives.`,
  },
  state: {
    label: 'Now',
    buffered: (n: string) => `buffer ${n} B`,
    readyList: (on: boolean): string => (on ? 'on the ready list' : 'ready list empty'),
    thread: (asleep: boolean): string => (asleep ? 'thread asleep' : 'thread running'),
  },
  kernelLabel: 'Where in Linux',
  asleepKernel: 'epoll_wait → ep_poll: the thread sleeps on epoll’s wait queue (ep->wq)',
};

const ru: typeof en = {
  demoLabel: 'Путь пробуждения: от сетевой карты до read()',
  pathLabel: 'Путь одного пакета',
  where: { hardware: 'Железо', kernel: 'Ядро', thread: 'Ваш поток' },
  asleep: 'Поток спит в epoll_wait и не тратит CPU. Пакет уже в пути.',
  stages: {
    nic: {
      name: 'Сетевая карта',
      caption: 'Пакет приходит на сетевую карту.',
      kernel: 'карта (NIC) принимает кадр Ethernet',
    },
    dma: {
      name: 'RX-кольцо',
      caption: 'Карта копирует его через DMA в RX-кольцо в памяти; CPU пока не нужен.',
      kernel: 'DMA в буфер из кольца RX-дескрипторов драйвера',
    },
    softirq: {
      name: 'softirq',
      caption: 'Прерывание; затем NAPI в softirq забирает пакеты из кольца.',
      kernel: 'аппаратное прерывание → napi_schedule; softirq NET_RX → napi_poll драйвера → sk_buff',
    },
    tcp: {
      name: 'TCP',
      caption: 'IP и TCP находят сокет по адресу и порту и выстраивают байты по порядку.',
      kernel: 'ip_rcv → tcp_v4_rcv → tcp_rcv_established',
    },
    buffer: {
      name: 'буфер сокета',
      caption: 'Байты ждут в приёмном буфере сокета.',
      kernel: 'tcp_queue_rcv: sk_buff встаёт в sk_receive_queue',
    },
    waitqueue: {
      name: 'очередь ожидания',
      caption: 'Сокет будит свою очередь ожидания. В ней — колбэк epoll, а не поток.',
      kernel: 'sk_data_ready = sock_def_readable → wake_up по очереди ожидания сокета',
    },
    readylist: {
      name: 'список готовых',
      caption: 'Колбэк epoll кладёт сокет в список готовых и будит epoll_wait.',
      kernel: 'ep_poll_callback: epitem дескриптора встаёт в rdllist; wake_up по ep->wq',
    },
    woken: {
      name: 'epoll_wait',
      caption: 'Поток снова работает: epoll_wait возвращает один готовый сокет.',
      kernel:
        'ep_poll просыпается; ep_send_events опрашивает дескриптор и копирует событие в пространство пользователя',
    },
    read: {
      name: 'read()',
      caption: 'read() берёт сколько просили; остальное остаётся в буфере.',
      kernel: 'tcp_recvmsg копирует из sk_receive_queue в буфер программы',
    },
    again: {
      name: 'снова epoll_wait',
      caption: 'Цикл снова вызывает epoll_wait, а в буфере ещё есть байты.',
      kernel: 'по уровню: ep_send_events вернул epitem в rdllist; по фронту — нет',
    },
  },
  readFigure: (asked: string, left: string) => `read(fd, buf, ${asked}): в буфере осталось ${left} байт.`,
  triggerLabel: 'Режим срабатывания',
  triggers: { level: 'По уровню', edge: 'По фронту' },
  triggersFlagged: { level: 'По уровню', edge: 'По фронту (EPOLLET)' },
  again: {
    reported: (left: string) => `По уровню: сокет снова в ответе, ${left} байт ещё там.`,
    silent: (left: string) => `По фронту: тишина. ${left} байт ждут, пока не придут новые данные.`,
  },
  state: {
    label: 'Сейчас',
    buffered: (n: string) => `буфер ${n} Б`,
    readyList: (on: boolean) => (on ? 'в списке готовых' : 'список готовых пуст'),
    thread: (asleep: boolean) => (asleep ? 'поток спит' : 'поток работает'),
  },
  kernelLabel: 'Где это в Linux',
  asleepKernel: 'epoll_wait → ep_poll: поток спит в очереди ожидания epoll (ep->wq)',
};

export const wakeUpText: Bilingual<typeof en> = { en, ru };

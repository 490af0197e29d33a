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
      {
        p: 'Заглянем внутрь этого сна. Поток спит в epoll wait и совсем не тратит процессор: его нет даже в очереди на выполнение. Проследим один пакет от провода до момента, когда поток проснётся, и посмотрим, кто по дороге делает работу. На пути девять остановок, и почти вся работа на нём — работа ядра, а не нашей программы.',
        shows: ['epoll_wait', 'Поток спит в epoll_wait'],
      },
      {
        p: 'Пакет пришёл на сетевую карту: один TCP-сегмент для сокета, которого ждёт наш поток. Пока о нём во всей машине знает только карта.',
        shows: ['Сетевая карта', 'Пакет приходит на сетевую карту.'],
      },
      {
        p: 'Карта сама записывает пакет в память, в своё приёмное кольцо, через прямой доступ к памяти. Процессор ещё ничего не сделал, а данные уже в оперативной памяти.',
        shows: ['RX-кольцо', 'DMA'],
      },
      {
        p: 'Дальше прерывание. Внутри него ядро делает как можно меньше; настоящая работа чуть позже, в программном прерывании: NAPI забирает из кольца сразу пачку пакетов. Под нагрузкой такая пачка экономит по прерыванию на каждый пакет. Само прерывание лишь отмечает, что появилась работа.',
        shows: ['NAPI', 'softirq'],
      },
      {
        p: 'IP и TCP находят сокет по адресам и портам и выстраивают байты по порядку. Всё это работа ядра, на том ядре процессора, которое приняло прерывание. Пакет, пришедший не по порядку, ждёт, пока не подоспеют пропущенные. Программе достанется уже ровный поток байтов, без пакетов и заголовков.',
        shows: ['TCP', 'IP и TCP находят сокет'],
      },
      {
        p: 'Байты лежат в приёмном буфере сокета. Их уже можно прочитать, но программа о них ещё не знает: поток по-прежнему спит. Если бы поток спал прямо в чтении этого сокета, его разбудили бы уже здесь. Но наш поток спит не в чтении, а в epoll wait, поэтому нужен ещё один шаг.',
        shows: ['буфер сокета', 'буфер 1 448 Б'],
      },
      {
        p: 'Сокет будит свою очередь ожидания. В этой очереди стоит не наш поток, а колбэк epoll — его повесили один раз, при регистрации сокета. Именно поэтому epoll дешёвый. Ядру не нужно искать, кого будить: нужный колбэк уже висит на сокете.',
        shows: ['очередь ожидания', 'колбэк epoll, а не по'],
      },
      {
        p: 'Колбэк кладёт сокет в список готовых и будит того, кто спит в epoll wait. Никто не перебирал список сокетов: работа сделана для одного сокета, в который пришли данные. Сколько бы сокетов мы ни ждали, цена одна и та же.',
        shows: ['список готовых', 'в список готовых'],
      },
      {
        p: 'Поток проснулся, epoll wait вернул один сокет. Работы ядра для нас — ровно на один готовый дескриптор. Вернулся только тот сокет, в котором есть данные, а остальные ядро даже не трогало. Теперь цикл вызывает колбэк этого сокета.',
        shows: ['возвращает один готовый сокет'],
      },
      {
        p: 'Колбэк читает килобайт, и 424 байта остаются в буфере. Это нормально: чтение берёт столько, сколько просили, остальное ждёт следующего чтения. Программе не нужно знать, сколько байт пришло: она читает кусками.',
        shows: ['в буфере осталось 424 байт', 'буфер 424 Б'],
      },
      {
        p: 'Цикл снова вызывает epoll wait. В режиме по умолчанию, по уровню, сокет сразу снова в ответе: данные-то ещё есть. Оставленные байты стоят лишний оборот цикла, не больше. Ничего не теряется: цикл заберёт остаток на следующем обороте.',
        shows: ['По уровню: сокет снова в ответе'],
      },
      {
        p: 'Режим по фронту сообщает только об изменениях: теперь тишина, пока не придут новые данные, а 424 байта так и лежат. Поэтому в этом режиме читают до ответа «попробуйте позже». Режим меняет меньшее число пробуждений на риск зависшего соединения. Забыли дочитать — и соединение молчит, хотя данные давно пришли.',
        shows: ['По фронту: тишина', 'буфер 424 Б'],
      },
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
      {
        p: 'Now let’s look inside that sleep. A thread sleeps in epoll wait and uses no CPU at all: it is not even on a run queue. Let’s follow one packet from the wire to the moment the thread wakes, and see who does the work on the way. The path has nine stops, and almost all the work on it is the kernel’s, not our program’s.',
        shows: ['epoll_wait', 'thread asleep'],
      },
      {
        p: 'A packet arrives at the network card: one TCP segment for a socket our thread is waiting on. So far nothing in the machine knows about it except the card.',
        shows: ['NIC', 'A packet arrives at the network card.'],
      },
      {
        p: 'The card itself writes the packet into memory, into its receive ring, by direct memory access. The processor has done nothing yet, and the data is already in RAM.',
        shows: ['RX ring', 'DMA'],
      },
      {
        p: 'Then an interrupt. The kernel does as little as it can inside it; the real work comes a moment later in a software interrupt, where NAPI takes a whole batch of packets off the ring at once. Under load, that batching saves an interrupt per packet.',
        shows: ['NAPI', 'softirq'],
      },
      {
        p: 'IP and TCP find the socket by its addresses and ports and put the bytes in order. All of this is the kernel’s work, on whichever core took the interrupt. A packet that arrives out of order waits until the missing ones arrive.',
        shows: ['TCP', 'IP and TCP find the socket'],
      },
      {
        p: 'The bytes now sit in the socket’s receive buffer. They could be read, but the program does not know about them yet: the thread is still asleep. Had the thread been sleeping in a read on this very socket, it would be woken right here.',
        shows: ['socket buffer', 'buffer 1,448 B'],
      },
      {
        p: 'The socket wakes its wait queue. On that queue is not our thread but epoll’s callback, hung there once, when the socket was registered. That is what makes epoll cheap.',
        shows: ['wait queue', 'epoll’s callback, not the thread'],
      },
      {
        p: 'The callback puts the socket on epoll’s ready list and wakes whoever sleeps in epoll wait. No one scanned a list of sockets: the work was done for the one socket that got data.',
        shows: ['ready list', 'on the ready list'],
      },
      {
        p: 'The thread wakes, and epoll wait returns one socket. The kernel’s work for us: one ready descriptor, however many sockets we watch. Now the loop calls that socket’s callback.',
        shows: ['thread running', 'returns one ready socket'],
      },
      {
        p: 'The callback reads a kilobyte, and 424 bytes stay in the buffer. That is normal: a read takes what it asked for, and the rest waits for the next one.',
        shows: ['424 bytes left in the buffer', 'buffer 424 B'],
      },
      {
        p: 'The loop calls epoll wait again. In the default mode, level-triggered, the socket is reported again at once, because data is still there. Leaving bytes behind costs one more turn of the loop, nothing worse.',
        shows: ['Level-triggered: reported again'],
      },
      {
        p: 'Edge-triggered mode reports only changes: now silence, until new data arrives, and the 424 bytes just sit there. That is why with edge triggering you read until the socket says “try again later”. The mode trades fewer wake-ups for the risk of a stuck connection.',
        shows: ['Edge-triggered: silent', 'buffer 424 B'],
      },
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

import { slideText } from '../types.ts';

/** The epoll listing, written once; only its comment is translated. */
const epollListing = (registerOnce: string) => `int ep = epoll_create1(0);
// ${registerOnce}
epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
for (;;) {
  int n = epoll_wait(ep, evs, 64, -1);
  for (int i = 0; i < n; i++)
    handle(evs[i].data.fd);
}`;

/** The words of the slide `select-epoll` (its title is in `slides/select-epoll.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'Linux, fs/select.c: core_sys_select, FDS_BYTES, do_select, do_sys_poll',
      'https://github.com/torvalds/linux/blob/master/fs/select.c',
    ],
    [
      'Linux, fs/eventpoll.c: ep_send_events walks the ready list',
      'https://github.com/torvalds/linux/blob/master/fs/eventpoll.c',
    ],
    [
      'Linux, include/uapi/linux/eventpoll.h: struct epoll_event, packed on x86-64',
      'https://github.com/torvalds/linux/blob/master/include/uapi/linux/eventpoll.h',
    ],
    ['select(2), poll(2), epoll(7) manual pages', 'https://man7.org/linux/man-pages/man2/select.2.html'],
    [
      'glibc, debug/fdelt_chk.c: “bit out of range 0 - FD_SETSIZE on fd_set”',
      'https://sourceware.org/git/?p=glibc.git;a=blob;f=debug/fdelt_chk.c',
    ],
    [
      'CPython, Modules/selectmodule.c: “filedescriptor out of range in select()”',
      'https://github.com/python/cpython/blob/3.11/Modules/selectmodule.c',
    ],
    [
      'kqueue(2), FreeBSD: struct kevent (with ext[4] since FreeBSD 12)',
      'https://man.freebsd.org/cgi/man.cgi?query=kqueue&sektion=2',
    ],
    [
      'Apple XNU, bsd/sys/event.h: struct kevent (32 bytes on 64-bit)',
      'https://github.com/apple-oss-distributions/xnu/blob/main/bsd/sys/event.h',
    ],
  ],
  ru: {
    body: [
      { p: 'Каждое ожидание: весь список — или только готовые?' },
      {
        details: [
          {
            p: '`select` и `poll` каждый раз отдают ядру весь список. `epoll` и `kqueue` хранят его в ядре и возвращают только готовые.',
          },
          {
            p: '`epoll` — в Linux, `kqueue` — в BSD и macOS.',
          },
          { code: epollListing('регистрация сокета — один раз'), lang: 'c' },
          { p: '`select` ограничен `FD_SETSIZE` = 1024: его битовая маска вмещает только дескрипторы 0…1023.' },
        ],
      },
    ],
    notes: [
      {
        p: 'Один вызов ждёт сразу много сокетов и говорит, какие готовы. Вопрос — сколько работы на каждый вызов. Самый старый — select, здесь на сотне дескрипторов, из которых десять будут готовы. При каждом вызове программа отдаёт ядру весь список; ядро проверяет все сто, чтобы найти десять, а потом программа ещё раз проходит список, чтобы узнать, какие отмечены. Посмотрим, что будет, когда соединений станет больше.',
        shows: ['ядро проверяет', 'готовых 10, проверено 100.'],
      },
      {
        p: 'Тысяча дескрипторов, готовы те же десять: тысяча проверок в ядре и тысяча в программе, при каждом вызове. Цена растёт с числом соединений, а не с числом событий. А сервер, у которого много соединений, держит в основном молчащие, так что почти вся эта работа впустую. Представьте чат, где из тысячи пользователей пишут десять: проверяем всех ради десяти.',
        shows: ['1 000', 'ваш код проверяет'],
      },
      {
        p: 'Тысяча сто — select вообще не вызвать. Его битовая маска вмещает дескрипторы только до 1023, и размер зашит при компиляции. Python бросает исключение, а C, собранный с fortify, аварийно завершает процесс. Poll снимает этот предел, но по-прежнему каждый раз передаёт и проверяет весь список. Предел древний, но старый код натыкается на него до сих пор.',
        shows: ['select: отказ для fd 1 102', 'FD_SETSIZE = 1024'],
      },
      {
        p: 'epoll на ста тысячах. Список живёт в ядре: каждый сокет регистрируется один раз, а когда приходят данные, ядро само ставит этот сокет в список готовых. Ожидание возвращает только готовые: десять проверок, столько, сколько событий, — открыто ли сто соединений или сто тысяч. kqueue в BSD и macOS устроен так же. Цена вызова теперь зависит от числа событий, а не от числа соединений: именно этого не хватало select и poll. Поэтому любой серьёзный цикл событий в Linux построен на epoll.',
        shows: ['100 000', 'готовых 10, проверено 10.'],
      },
    ],
    appendix: [
      {
        p: '`select` и `poll` ничего не помнят между вызовами. Программа каждый раз отдаёт ядру весь список, ядро опрашивает каждый дескриптор (вызывает его метод poll), записывает результат обратно, а программа потом ещё раз просматривает все N, чтобы найти готовые. Цена вызова растёт с N, даже если готов один сокет.',
      },
      {
        p: '`select(nfds, …)`: nfds — наибольший дескриптор плюс один, и до трёх битовых масок. Ядро копирует из каждой переданной маски ⌈nfds/64⌉ слов по 8 байт (`FDS_BYTES` в fs/select.c) — при 1024 это 128 байт — и столько же копирует обратно. Маска компактная; беда в проходе по всем битам и в фиксированном размере. Python передаёт только маску чтения, если остальные списки пусты: strace показывает `pselect6(604, [3 5 7 …], NULL, NULL, …)`.',
      },
      {
        p: 'Предел: `FD_SETSIZE` = 1024 — это размер `fd_set` в glibc. Он ограничивает номер дескриптора, а не их число: один сокет с номером 1024 уже не помещается. Проверено на этой машине: Python бросает `ValueError: filedescriptor out of range in select()`; программа на C, собранная `gcc -O2 -D_FORTIFY_SOURCE=2`, падает с `*** bit out of range 0 - FD_SETSIZE on fd_set ***: terminated` (SIGABRT); без fortify `FD_SET` пишет за конец структуры — неопределённое поведение.',
      },
      {
        p: 'Само ядро 1024 не ограничивает: с маской побольше наша проба делает `select` на дескрипторе 1051 сырым системным вызовом. Слишком большое nfds ядро молча урезает до размера таблицы дескрипторов, а EINVAL возвращает только на отрицательное (man select(2) обещает EINVAL при nfds больше RLIMIT_NOFILE, но проверенное ядро так не делает).',
      },
      {
        p: '`poll`: номера дескрипторов не ограничены. В ядро уходит 8 байт на каждый `pollfd`, ядро опрашивает все N и записывает `revents` (2 байта) в каждый элемент. nfds больше RLIMIT_NOFILE — EINVAL.',
      },
      {
        p: '`epoll`: `epoll_ctl` один раз на дескриптор кладёт его в ядро (красно-чёрное дерево). Когда данные приходят, драйвер сам ставит дескриптор в список готовых, и `epoll_wait` копирует только их: по 12 байт `struct epoll_event` на x86-64 (структура упакована; на других 64-битных архитектурах 16). Цена вызова пропорциональна K, а не N. strace нашей пробы: `poll(…, 3000, 0)` несёт 3000 элементов, `epoll_wait(…) = 5` возвращает ровно 5.',
      },
      {
        p: '`kqueue` (FreeBSD, macOS) — та же идея; изменения и события идут через один вызов `kevent()`, и список из N изменений можно отдать одним вызовом. `struct kevent` — 32 байта на 64-битной macOS; во FreeBSD 12+ добавлено `ext[4]`, там 64.',
      },
      {
        p: 'Мелочи: с maxevents = 64, как во фрагменте, `epoll_wait` вернёт не больше 64 готовых, остальные — следующим вызовом. Если готовых нет, `select` и `poll` проходят весь список, засыпают и после пробуждения проходят его ещё раз.',
      },
    ],
  },
  en: {
    body: [
      { p: 'Each wait: the whole list, or only the ready ones?' },
      {
        details: [
          {
            p: '`select` and `poll` hand the kernel the whole list every call. `epoll` and `kqueue` keep it in the kernel and return only the ready ones.',
          },
          {
            p: '`epoll` is Linux’s, `kqueue` BSD’s and macOS’s.',
          },
          { code: epollListing('register a socket: once'), lang: 'c' },
          { p: '`select` is limited to `FD_SETSIZE` = 1024: its bitmap holds only descriptors 0…1023.' },
        ],
      },
    ],
    notes: [
      {
        p: 'One call waits on many sockets at once and says which are ready. The question is how much work each call costs. The oldest is select, here on a hundred descriptors, ten of which will be ready. On every call the program hands the kernel the whole list; the kernel checks all hundred to find the ten, and then the program walks the list again to see which were marked.',
        shows: ['the kernel checks', '10 ready; the kernel checked 100.'],
      },
      {
        p: 'A thousand descriptors, and the same ten ready: a thousand checks in the kernel and a thousand in the program, on every call. The cost grows with the number of connections, not with the number of events. And a server that holds many connections holds mostly idle ones, so nearly all of that work is wasted.',
        shows: ['1,000', 'your code checks'],
      },
      {
        p: 'Eleven hundred: select cannot even be called. Its bitmap holds descriptors only up to 1023, a size fixed when the program is compiled. Python raises an error, and C built with fortify aborts the process. Poll lifts that limit, but it still hands over and checks the whole list every time.',
        shows: ['select refuses fd 1,102', 'FD_SETSIZE = 1024'],
      },
      {
        p: 'epoll on a hundred thousand. The list lives in the kernel: each socket is registered once, and when data arrives the kernel itself puts that socket on a ready list. The wait returns just the ready ones: ten checks, as many as there are events, whether a hundred or a hundred thousand connections are open. kqueue on BSD and macOS works the same way. That is why every serious event loop on Linux sits on epoll.',
        shows: ['100,000', '10 ready; the kernel checked 10.'],
      },
    ],
    appendix: [
      {
        p: '`select` and `poll` remember nothing between calls. Each time the program hands the kernel the whole list, the kernel asks every descriptor (calls its poll method) and writes the result back, and then the program looks through all N again to find the ready ones. The cost of a call grows with N even when a single socket is ready.',
      },
      {
        p: '`select(nfds, …)`: nfds is the highest descriptor plus one, with up to three bitmaps. From each bitmap passed the kernel copies ⌈nfds/64⌉ words of 8 bytes (`FDS_BYTES` in fs/select.c), 128 bytes at 1024, and copies as many back. The bitmap is compact; the trouble is the walk over every bit and the fixed size. Python passes only the read set when the other lists are empty: strace shows `pselect6(604, [3 5 7 …], NULL, NULL, …)`.',
      },
      {
        p: 'The limit: `FD_SETSIZE` = 1024 is the size of glibc’s `fd_set`. It limits the descriptor’s number, not how many there are: a single socket numbered 1024 no longer fits. Checked on this machine: Python raises `ValueError: filedescriptor out of range in select()`; a C program built with `gcc -O2 -D_FORTIFY_SOURCE=2` dies with `*** bit out of range 0 - FD_SETSIZE on fd_set ***: terminated` (SIGABRT); without fortify, `FD_SET` writes past the end of the structure, which is undefined behaviour.',
      },
      {
        p: 'The kernel itself does not stop at 1024: with a bigger bitmap our probe selects on descriptor 1051 through the raw system call. An nfds that is too large is quietly cut down to the size of the descriptor table, and EINVAL comes only for a negative one (man select(2) promises EINVAL when nfds exceeds RLIMIT_NOFILE, but the kernel we tested does not do that).',
      },
      {
        p: '`poll`: descriptor numbers are not limited. 8 bytes per `pollfd` go into the kernel, the kernel asks all N and writes `revents` (2 bytes) into every entry. An nfds above RLIMIT_NOFILE gives EINVAL.',
      },
      {
        p: '`epoll`: `epoll_ctl`, once per descriptor, puts it into the kernel (a red-black tree). When data arrives, the driver itself puts the descriptor on the ready list, and `epoll_wait` copies only those: 12 bytes of `struct epoll_event` each on x86-64 (the struct is packed; 16 on other 64-bit architectures). The cost of a call follows K, not N. strace of our probe: `poll(…, 3000, 0)` carries 3,000 entries; `epoll_wait(…) = 5` returns exactly 5.',
      },
      {
        p: '`kqueue` (FreeBSD, macOS) is the same idea; changes and events go through one call, `kevent()`, and a list of N changes can be handed over in one call. `struct kevent` is 32 bytes on 64-bit macOS; FreeBSD 12+ added `ext[4]`, making it 64.',
      },
      {
        p: 'Details: with maxevents = 64, as in the snippet, `epoll_wait` returns at most 64 ready descriptors and the rest on the next call. When nothing is ready, `select` and `poll` walk the whole list, fall asleep, and walk it again after waking.',
      },
    ],
  },
});

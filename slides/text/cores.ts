import { slideText } from '../types.ts';

/** The words of the slide `cores` (its title is in `slides/cores.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      'socket(7): SO_REUSEPORT (Linux 3.9): several sockets bound to one port; for TCP, accept load distribution',
      'https://man7.org/linux/man-pages/man7/socket.7.html',
    ],
    [
      'Linux net/core/sock_reuseport.c: reuseport_select_sock picks a socket by the packet’s hash',
      'https://github.com/torvalds/linux/blob/master/net/core/sock_reuseport.c',
    ],
    [
      'Node.js Cluster: how it works (round-robin by default on all platforms but Windows; SCHED_RR)',
      'https://nodejs.org/api/cluster.html#how-it-works',
    ],
    [
      'Node.js lib/internal/cluster/round_robin_handle.js: the free list, handoff after the acknowledgement',
      'https://github.com/nodejs/node/blob/v20.x/lib/internal/cluster/round_robin_handle.js',
    ],
    ['Tokio: Making the Tokio scheduler 10x faster (work-stealing, 2019)', 'https://tokio.rs/blog/2019-10-scheduler'],
    ['Uvicorn: Deployment (--workers)', 'https://www.uvicorn.org/deployment/'],
    ['Gunicorn: Design (a pre-fork worker model)', 'https://docs.gunicorn.org/en/stable/design.html'],
  ],
  ru: {
    body: [
      { p: 'Один цикл событий — одно ядро. Как занять все?' },
      {
        details: [
          {
            p: 'uvicorn без `--workers` — один процесс и один цикл на любом числе ядер; `uvicorn --workers 4` или gunicorn с `-w 4` и воркерами uvicorn — четыре процесса с циклами на одном сокете. Поэтому «по циклу на ядро» в вопросе про FastAPI неверно: блокирующий вызов останавливает единственный цикл.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'Цикл событий — это один поток. На машине с четырьмя ядрами он занимает одно, а три простаивают. Чтобы их занять, запускают несколько циклов, и тогда вопрос — как к ним попадают соединения.',
        shows: ['Один цикл работает на одном ядре', 'простаивают'],
      },
      {
        p: 'Первый способ: каждый цикл открывает свой сокет на том же порту, и ядро ОС выбирает сокет для нового соединения по хешу его адресов. Нагрузку хеш не видит, поэтому выходит неровно.',
        shows: ['у каждого цикла свой сокет', 'по хешу четвёрки адресов'],
      },
      {
        p: 'Кластер Node: главный процесс принимает все соединения и раздаёт их по кругу. Ровно.',
        shows: ['Node cluster', 'раздаёт их воркерам по кругу'],
      },
      {
        p: 'Теперь один обработчик блокирует на 200 миллисекунд. Главный даёт новое соединение только воркеру, который забрал прошлое, поэтому за заблокированным ждёт только одно соединение.',
        shows: ['Один обработчик блокирует на 200 мс', 'за заблокированным ждут запросы (1)'],
      },
      {
        p: 'Tokio крадёт работу: свободные потоки забирают задачи из очереди занятого, и за блокирующим вызовом не ждёт никто. Но этот поток на это время потерян, поэтому блокирующую работу уносят в отдельный пул.',
        shows: ['Кража работы (Tokio)', 'поток на это время потерян'],
      },
      {
        p: 'И один процесс uvicorn: один цикл, один блокирующий вызов — ждут все. Это снова вопрос про FastAPI: «по циклу на ядро» само не бывает, надо запустить несколько рабочих процессов.',
        shows: ['Один цикл, один блокирующий вызов', 'все остальные 11 запросов ждут за ним 200 мс'],
      },
    ],
    appendix: [
      {
        p: 'Модель (components/cores/cores-model.ts): 12 запросов приходят раз в 5 мс, каждому нужно 10 мс процессора; блокирующий — первый, 200 мс. Воркер выполняет свои запросы по одному. Хеш SO_REUSEPORT в модели — FNV-1a от четвёрки адресов: у ядра Linux свой хеш с секретом, который выбирается при загрузке, так что какие соединения куда попадут, на другой машине будет иначе; не меняется то, что выбор зависит только от четвёрки и не видит нагрузки.',
      },
      {
        p: 'Node cluster (lib/internal/cluster/round_robin_handle.js): главный процесс держит список свободных воркеров; соединение уходит первому, и воркер возвращается в конец списка, когда его цикл принял соединение и ответил. Заблокированный цикл не отвечает, поэтому получает не больше одного лишнего соединения. По кругу по умолчанию (SCHED_RR) — на всех платформах, кроме Windows; `NODE_CLUSTER_SCHED_POLICY=none` отдаёт выбор ядру ОС. Проверено на настоящем Node: `tests/probes/cores-cluster.cjs` (три воркера на loopback) и `tests/unit/cores-real.test.ts` считают, какой воркер ответил на каждый запрос: по кругу, а воркер, заблокированный на секунду, получает одно из девяти соединений, пришедших за это время (строго по кругу было бы три).',
      },
      {
        p: 'Tokio в модели упрощён: запрос берёт первый свободный поток. Оптимизацию LIFO-слота модель не учитывает.',
      },
    ],
  },
  en: {
    body: [
      { p: 'One event loop keeps one core busy. How to use them all?' },
      {
        details: [
          {
            p: 'uvicorn without `--workers` is one process and one loop on any number of cores; `uvicorn --workers 4`, or gunicorn with `-w 4` and uvicorn’s worker class, is four processes with a loop each on one socket. So the FastAPI question’s "one loop per core" is wrong: a blocking call stops the only loop.',
          },
        ],
      },
    ],
    notes: [
      {
        p: 'An event loop is one thread. On a four-core machine it keeps one core busy, and the other three idle. To use them, you run several loops, and then the question is how connections reach them.',
        shows: ['One loop runs on one core', '3 cores idle', 'core 1'],
      },
      {
        p: 'First way: each loop opens its own socket on the same port, and the kernel picks a socket for each new connection by a hash of its addresses. The hash does not see load, so the spread is uneven.',
        shows: ['SO_REUSEPORT', 'a hash of the 4-tuple'],
      },
      {
        p: 'Node’s cluster: the primary process accepts every connection and deals them out in turn. Even.',
        shows: ['Node cluster', 'deals the connections to the workers in turn'],
      },
      {
        p: 'Now one handler blocks for 200 milliseconds. The primary hands a new connection only to a worker that took its last one, so only one connection waits behind the blocked worker.',
        shows: ['One handler blocks for 200 ms', '1 request waits behind the blocked one'],
      },
      {
        p: 'Tokio steals work: idle threads take tasks from the busy one’s queue, and nobody waits behind the blocking call. But that thread is lost meanwhile, so blocking work goes to a separate pool.',
        shows: ['Work-stealing (Tokio)', 'a thread is lost'],
      },
      {
        p: 'And one uvicorn process: one loop, one blocking call, and everyone waits. That is the FastAPI question once more: “one loop per core” does not happen by itself; you have to start several worker processes.',
        shows: ['One loop, one blocking call', 'all 11 other requests wait 200 ms'],
      },
    ],
    appendix: [
      {
        p: 'The model (components/cores/cores-model.ts): 12 requests arrive 5 ms apart, each needs 10 ms of CPU; the first blocks for 200 ms. A worker runs its requests one at a time. The model’s SO_REUSEPORT hash is FNV-1a of the 4-tuple: Linux has its own hash with a secret chosen at boot, so which connection lands where differs on another machine; what does not change is that the choice depends on the 4-tuple only and does not see load.',
      },
      {
        p: 'Node’s cluster (lib/internal/cluster/round_robin_handle.js): the primary keeps a list of free workers; a connection goes to the first, and the worker goes back to the end of the list when its loop has taken the connection and acknowledged it. A blocked loop acknowledges nothing, so it gets one connection more at most. Round-robin (SCHED_RR) is the default on every platform but Windows; `NODE_CLUSTER_SCHED_POLICY=none` leaves the choice to the kernel. Checked against real Node: `tests/probes/cores-cluster.cjs` (three workers on loopback) and `tests/unit/cores-real.test.ts` count which worker answered each request: in turn, and a worker blocked for a second gets one of the nine connections that arrive meanwhile (strict turns would give it three).',
      },
      {
        p: 'Tokio is simplified in the model: a request takes the first free thread. The LIFO-slot optimisation is left out.',
      },
    ],
  },
});

/**
 * Figures measured on the real runtimes by tests/probes/green_go.go and green_erl.erl (2026-12-01, go1.19.8 and
 * OTP 25 on Debian 12, x86-64); tests/unit/green-threads-real.test.ts re-runs the probes and checks each figure
 * against the stated range. The demo shows them all, on phones too; the quiz's figures (the threads beside the parked
 * goroutines) are the answer's, in green-threads-answer-figures.ts.
 */
export const MEASURED = {
  go: {
    version: 'go1.19.8',
    /** GOMAXPROCS=1, one goroutine spinning for 300 ms: the longest gap another goroutine saw between turns. */
    spinGapMs: 20.3,
    /** 10,000 goroutines parked on a channel: stack per goroutine (MemStats.StackInuse), bytes. */
    stackPerTask: 2048,
    /** … and the runtime's own structures per goroutine (MemStats.HeapAlloc: the g, its sudog), bytes. */
    overheadPerTask: 522,
    /** GOMAXPROCS=1, 4 goroutines blocked in read(2) on pipes: OS threads before and during. */
    syscallBlocked: 4,
    syscallThreadsBefore: 3,
    syscallThreadsDuring: 6,
  },
  erlang: {
    version: 'OTP 25',
    /** erlang:process_info(Pid, memory) of a fresh process waiting in receive, bytes. */
    processBytes: 2640,
    /** +S 1, two processes spinning: reductions per time slice (reductions ÷ times switched out). */
    reductionsPerSlice: 4000,
    /** … and the longest gap a third process asking to wake every 1 ms saw, ms. */
    spinGapMs: 2.6,
  },
  /**
   * An idle OS thread (tests/probes/thread-rss.c: 1,000 pthreads with the default attributes waiting on a condition
   * variable; /proc/self/status before and during), 2026-12-02 on this machine: Debian 12, glibc 2.36, Linux 6.18
   * x86-64, 2 cores, `ulimit -s` 8192. Three runs gave 8.2–8.4 KB resident per thread. The kernel's own memory per
   * thread (its kernel stack, task_struct) is in neither figure. Re-measured by tests/unit/os-thread-memory-real.test.ts.
   */
  osThread: {
    date: '2026-12-02',
    machine: 'Debian 12, glibc 2.36, Linux 6.18 x86-64',
    threads: 1000,
    /** VmSize per thread: the stack's reservation (8 MB, `ulimit -s`) and its guard page, bytes. */
    reservedPerThread: 8196 * 1024,
    /** VmRSS per thread: the stack pages a waiting thread has touched and its thread descriptor, bytes. */
    residentPerThread: 8.3 * 1024,
  },
} as const;

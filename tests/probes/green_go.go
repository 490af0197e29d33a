// Probe for the green-threads slide (tests/unit/green-threads-real.test.ts). Run: go run green_go.go <mode>
// Prints one JSON object. Modes:
//
//	spin     GOMAXPROCS=1: one goroutine spins in a loop with no function calls; another asks to wake every 1 ms.
//	         Reports the wake-ups it got during 300 ms of spinning and the longest gap between them.
//	park N   N goroutines blocked on a channel receive: memory per goroutine (runtime.MemStats) and OS threads
//	         (/proc/self/task) while they wait.
//	syscall K  (run with GOMAXPROCS=1) K goroutines block in read(2) on empty pipes (a real blocking syscall, not
//	         the netpoller); the main goroutine keeps ticking. Reports its ticks and the OS threads before and during.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

func threads() int {
	entries, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return -1
	}
	return len(entries)
}

func out(v any) {
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
}

var sink uint64

func spin(stop *int32) {
	// No function calls in the loop: before Go 1.14 nothing could preempt it.
	x := uint64(1)
	for *stop == 0 {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

func modeSpin() {
	runtime.GOMAXPROCS(1)
	var stop int32
	ticks := make(chan time.Time, 10000)
	go func() {
		for {
			time.Sleep(time.Millisecond)
			select {
			case ticks <- time.Now():
			default:
			}
		}
	}()
	time.Sleep(20 * time.Millisecond)
	// drain the warm-up ticks
	for len(ticks) > 0 {
		<-ticks
	}
	start := time.Now()
	go spin(&stop)
	var got []time.Time
	deadline := start.Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		t := <-ticks
		got = append(got, t)
	}
	stop = 1
	maxGap := 0.0
	prev := start
	for _, t := range got {
		g := float64(t.Sub(prev).Microseconds()) / 1000
		if g > maxGap {
			maxGap = g
		}
		prev = t
	}
	gaps := make([]float64, 0, len(got))
	prev = start
	for _, t := range got {
		gaps = append(gaps, float64(t.Sub(prev).Microseconds())/1000)
		prev = t
	}
	out(map[string]any{"go": runtime.Version(), "mode": "spin", "ticks": len(got), "maxGapMs": maxGap, "gapsMs": gaps, "spanMs": float64(time.Since(start).Microseconds()) / 1000})
}

func modePark(n int) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	t0 := threads()
	ch := make(chan int)
	started := make(chan struct{}, n)
	for i := 0; i < n; i++ {
		go func() {
			started <- struct{}{}
			<-ch
		}()
	}
	for i := 0; i < n; i++ {
		<-started
	}
	time.Sleep(50 * time.Millisecond)
	runtime.GC()
	runtime.ReadMemStats(&after)
	t1 := threads()
	stack := after.StackInuse - before.StackInuse
	total := (after.Sys - before.Sys)
	heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	out(map[string]any{
		"go": runtime.Version(), "mode": "park", "n": n, "goroutines": runtime.NumGoroutine(),
		"stackPerG": float64(stack) / float64(n), "heapPerG": float64(heap) / float64(n),
		"sysPerG": float64(total) / float64(n), "threadsBefore": t0, "threadsDuring": t1,
		"gomaxprocs": runtime.GOMAXPROCS(0),
	})
	close(ch)
}

func modeSyscall(k int) {
	time.Sleep(10 * time.Millisecond)
	before := threads()
	fds := make([][2]int, k)
	done := make(chan int, k)
	for i := 0; i < k; i++ {
		if err := syscall.Pipe(fds[i][:]); err != nil {
			panic(err)
		}
		fd := fds[i][0]
		go func() {
			buf := make([]byte, 1)
			n, _ := syscall.Read(fd, buf) // blocks in the kernel: the pipe is empty and blocking
			done <- n
		}()
	}
	ticks := 0
	deadline := time.Now().Add(200 * time.Millisecond)
	for time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
		ticks++
	}
	during := threads()
	for i := 0; i < k; i++ {
		syscall.Write(fds[i][1], []byte{1})
		<-done
	}
	out(map[string]any{"go": runtime.Version(), "mode": "syscall", "blocked": k, "ticks": ticks,
		"threadsBefore": before, "threadsDuring": during, "gomaxprocs": runtime.GOMAXPROCS(0)})
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: green_go spin | park N | syscall K")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "spin":
		modeSpin()
	case "park":
		n := 10000
		if len(os.Args) > 2 {
			n, _ = strconv.Atoi(os.Args[2])
		}
		modePark(n)
	case "syscall":
		k := 1
		if len(os.Args) > 2 {
			k, _ = strconv.Atoi(os.Args[2])
		}
		modeSyscall(k)
	default:
		os.Exit(2)
	}
}

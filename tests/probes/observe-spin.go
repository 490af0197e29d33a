// The Go scheduler seen with GODEBUG=schedtrace=1000 (scripts/record-observe.ts): idle (no argument), or
// `busy`: GOMAXPROCS=1 and four goroutines spinning, so three wait in the run queue.
package main

import (
	"os"
	"runtime"
	"time"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "busy" {
		runtime.GOMAXPROCS(1)
		for i := 0; i < 4; i++ {
			go func() {
				x := 0
				for {
					x++
				}
			}()
		}
	}
	time.Sleep(3 * time.Second)
}

// Open-files limits as a Go program sees them, and how many sockets it can hold open
// (tests/unit/pitfalls-limits-real). Prints one JSON line: the soft and hard RLIMIT_NOFILE from /proc/self/limits,
// how many of `want` sockets it opened (socket(2) directly), and the errno name that stopped it ("" when all opened).
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

func limits() (int, int) {
	f, err := os.Open("/proc/self/limits")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if strings.HasPrefix(s.Text(), "Max open files") {
			fields := strings.Fields(s.Text())
			soft, _ := strconv.Atoi(fields[3])
			hard, _ := strconv.Atoi(fields[4])
			return soft, hard
		}
	}
	panic("no 'Max open files' line in /proc/self/limits")
}

func main() {
	want, err := strconv.Atoi(os.Args[1])
	if err != nil {
		panic(err)
	}
	soft, hard := limits()
	var failure any // null in the JSON when every socket opened
	opened := 0
	for i := 0; i < want; i++ {
		if _, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0); err != nil {
			if errors.Is(err, syscall.EMFILE) {
				failure = "EMFILE"
			} else {
				failure = err.Error()
			}
			break
		}
		opened++
	}
	out, _ := json.Marshal(map[string]any{"soft": soft, "hard": hard, "opened": opened, "error": failure})
	fmt.Println(string(out))
}

//go:build unix

package analyzer_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) the process has used, all
// goroutines and the garbage collector included.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

package lsp

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// fakeClock runs the scheduler's timers only when the test says so.
type fakeClock struct {
	mu     sync.Mutex
	timers []*fakeTimer
}

type fakeTimer struct {
	f       func()
	stopped bool
}

func (t *fakeTimer) Stop() bool {
	was := !t.stopped
	t.stopped = true
	return was
}

func (c *fakeClock) afterFunc(_ time.Duration, f func()) stopper {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{f: f}
	c.timers = append(c.timers, t)
	return t
}

// fire runs timer i, if it has not been stopped, as if its delay had
// passed.
func (c *fakeClock) fire(i int) {
	c.mu.Lock()
	t := c.timers[i]
	c.mu.Unlock()
	if !t.stopped {
		t.f()
	}
}

// scheduledFiles writes two files of one package, a and b, and one of
// another, for the scheduler to be asked about.
func scheduledFiles(t *testing.T) (a, b, other string) {
	t.Helper()
	dir := t.TempDir()
	a, b = filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
	other = filepath.Join(t.TempDir(), "c.go")
	for _, p := range []string{a, b, other} {
		if err := os.WriteFile(p, []byte("package p\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return a, b, other
}

// TestDebounce checks that of a burst of requests for one package, each
// coming before the delay has passed since the last, only the last leads
// to an analysis, and that the scheduler runs analyses in the order their
// delays passed. The timers are the test's: nothing depends on the
// machine's speed.
func TestDebounce(t *testing.T) {
	a, b, other := scheduledFiles(t)
	var clock fakeClock
	analyzed := make(chan string, 10)
	s := newScheduler(time.Hour, func(_ context.Context, _ groupKey, path string, _ func() bool) { analyzed <- path })
	s.afterFunc = clock.afterFunc
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.run(ctx)

	s.schedule(a) // timer 0
	s.schedule(b) // timer 1: the same directory, the same package
	clock.fire(0) // the first request's delay passes: it was superseded
	s.schedule(other)
	clock.fire(2)
	// The scheduler analyzes in order, so an analysis the first request
	// wrongly caused would come before this one.
	if p := <-analyzed; p != other {
		t.Fatalf("analyzed %q when a superseded request's delay passed, want %q first", p, other)
	}
	clock.fire(1)
	if p := <-analyzed; p != b {
		t.Errorf("analyzed %q after the burst, want %q (the last file named)", p, b)
	}
	s.schedule(other) // timer 3, a barrier: nothing else may come before it
	clock.fire(3)
	if p := <-analyzed; p != other {
		t.Errorf("extra analysis of %q", p)
	}
}

// TestWithoutDelay checks that without a delay a request is analyzed at
// once, and that requests for the package under analysis meanwhile make
// it superseded and are one more analysis, of the file named last, after
// it; a request for another package is not such a request; and that no
// two analyses of a package in a row are superseded.
func TestWithoutDelay(t *testing.T) {
	a, b, other := scheduledFiles(t)
	type started struct {
		path       string
		superseded func() bool
		finish     chan struct{}
	}
	starts := make(chan started)
	s := newScheduler(0, func(_ context.Context, _ groupKey, path string, superseded func() bool) {
		st := started{path, superseded, make(chan struct{})}
		starts <- st
		<-st.finish
	})
	s.afterFunc = func(time.Duration, func()) stopper {
		t.Fatal("a timer without a delay")
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.run(ctx)

	s.schedule(a)
	first := <-starts // at once: no clock runs here
	if first.path != a || first.superseded() {
		t.Fatalf("first analysis of %q, superseded %v; want %q, not superseded", first.path, first.superseded(), a)
	}
	s.schedule(other)
	if first.superseded() {
		t.Error("a request for another package supersedes the analysis")
	}
	s.schedule(b)
	s.schedule(a)
	if !first.superseded() {
		t.Error("requests for the package under analysis do not supersede it")
	}
	close(first.finish)
	next := func(want string) started {
		t.Helper()
		st := <-starts
		if st.path != want {
			t.Errorf("analyzed %q, want %q", st.path, want)
		}
		return st
	}
	st := next(other)
	if st.superseded() {
		t.Errorf("the analysis of %q is superseded with nothing queued", st.path)
	}
	s.schedule(a) // one more request for the analysis of a queued
	close(st.finish)

	// The analysis after one that stopped does not stop, whatever comes:
	// saves faster than a type-check still see diagnostics.
	st = next(a)
	s.schedule(a)
	if st.superseded() {
		t.Error("two analyses in a row superseded")
	}
	close(st.finish)
	st = next(a)
	s.schedule(b)
	if !st.superseded() {
		t.Error("the analysis after one that ran to the end is not superseded by a new request")
	}
	close(st.finish)
	close(next(b).finish)

	s.schedule(other) // a barrier: nothing else may come before it
	close(next(other).finish)
}

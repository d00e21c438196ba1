package lsp

import (
	"context"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// A groupKey names what one analysis covers: the package of a
// directory's non-test files, or one of the packages its _test.go files
// form (the package's own test files, or an external _test package),
// which are analyzed as part of the test variants.
type groupKey struct {
	dir  string
	test bool
	pkg  string // for test files: the package clause's name
}

func keyOf(path string) groupKey {
	key := groupKey{dir: filepath.Dir(path), test: strings.HasSuffix(path, "_test.go")}
	if key.test {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly)
		if err != nil {
			key.pkg = path // unknown: a group of its own
		} else {
			key.pkg = f.Name.Name
		}
	}
	return key
}

// A scheduler runs analysis requests one at a time: each is a type-check
// and an analysis, and the editor needs the CPU more than a second
// analysis running in parallel would. Requests for a package that is
// waiting are one: an analysis runs on the files as they are when it
// starts. With a delay, a request waits until no other for its package
// has come for that long (a debounce); without one, it is queued at once,
// and an analysis of the package under way learns from superseded that
// it need not finish.
type scheduler struct {
	delay time.Duration
	// analyze runs one analysis. superseded reports whether a request
	// for the same package has come since it started; the caller checks
	// it where stopping costs nothing, and stops when it says true.
	// It says true at most every other analysis of a package, so that
	// saves that come faster than a type-check still see diagnostics.
	analyze func(ctx context.Context, key groupKey, path string, superseded func() bool)
	// afterFunc is time.AfterFunc, or a test's clock.
	afterFunc func(time.Duration, func()) stopper

	mu      sync.Mutex
	stopped bool
	pending map[groupKey]*pending // waiting for the delay to pass
	queue   []groupKey            // ready to analyze, in order
	ready   map[groupKey]string   // the file to analyze for each queued key
	yielded map[groupKey]bool     // the last analysis of the key stopped, superseded
	wake    chan struct{}
}

type pending struct {
	timer stopper
	gen   int
}

// A stopper is a timer that can be stopped: a *time.Timer.
type stopper interface{ Stop() bool }

func realAfterFunc(d time.Duration, f func()) stopper { return time.AfterFunc(d, f) }

func newScheduler(delay time.Duration, analyze func(context.Context, groupKey, string, func() bool)) *scheduler {
	return &scheduler{
		delay:     delay,
		analyze:   analyze,
		afterFunc: realAfterFunc,
		pending:   make(map[groupKey]*pending),
		ready:     make(map[groupKey]string),
		yielded:   make(map[groupKey]bool),
		wake:      make(chan struct{}, 1),
	}
}

// schedule asks for the package of path to be analyzed once no other
// request for it has come for the delay, or at once without one.
func (s *scheduler) schedule(path string) {
	key := keyOf(path)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return
	}
	if s.delay <= 0 {
		s.enqueue(key, path)
		return
	}
	p := s.pending[key]
	if p == nil {
		p = &pending{}
		s.pending[key] = p
	} else {
		p.timer.Stop()
	}
	// A timer that fired while Stop was called finds its generation
	// outdated and does nothing.
	p.gen++
	gen := p.gen
	p.timer = s.afterFunc(s.delay, func() { s.fire(key, gen, path) })
}

func (s *scheduler) fire(key groupKey, gen int, path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.pending[key]; s.stopped || p == nil || p.gen != gen {
		return
	}
	delete(s.pending, key)
	s.enqueue(key, path)
}

// enqueue queues an analysis of the package key for the file path, or
// names path for the one queued. s.mu must be held.
func (s *scheduler) enqueue(key groupKey, path string) {
	if _, queued := s.ready[key]; !queued {
		s.queue = append(s.queue, key)
	}
	s.ready[key] = path
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// superseded is the callback of an analysis of key: see
// scheduler.analyze. yielded records that it said true.
func (s *scheduler) superseded(key groupKey, yielded *bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, queued := s.ready[key]; !queued || s.yielded[key] {
		return false
	}
	*yielded = true
	return true
}

// run analyzes queued packages until ctx is done.
func (s *scheduler) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		}
		for ctx.Err() == nil {
			s.mu.Lock()
			if len(s.queue) == 0 {
				s.mu.Unlock()
				break
			}
			key := s.queue[0]
			s.queue = s.queue[1:]
			path := s.ready[key]
			delete(s.ready, key)
			s.mu.Unlock()
			yielded := false
			s.analyze(ctx, key, path, func() bool { return s.superseded(key, &yielded) })
			s.mu.Lock()
			if yielded {
				s.yielded[key] = true
			} else {
				delete(s.yielded, key)
			}
			s.mu.Unlock()
		}
	}
}

// stop drops pending requests and accepts no more.
func (s *scheduler) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopped = true
	for _, p := range s.pending {
		p.timer.Stop()
	}
	clear(s.pending)
	s.queue = nil
	clear(s.ready)
	clear(s.yielded)
}

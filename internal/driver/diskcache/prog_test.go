package diskcache

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The test binary is also a cache program: with fakeProgEnv set to a
// directory, TestMain speaks the GOCACHEPROG protocol over stdin and
// stdout, keeping bodies in that directory, as go-cacher does.
const fakeProgEnv = "DISKCACHE_FAKE_PROG_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(fakeProgEnv); dir != "" {
		os.Exit(fakeProg(dir, os.Getenv("DISKCACHE_FAKE_PROG_DAMAGE") != ""))
	}
	os.Exit(m.Run())
}

// fakeProg answers requests until "close" or the end of its input; with
// damage, every body it returns has its last byte flipped.
func fakeProg(dir string, damage bool) int {
	out := json.NewEncoder(os.Stdout)
	out.Encode(progResponse{KnownCommands: []string{"get", "put", "close"}})
	in := bufio.NewReader(os.Stdin)
	dec := json.NewDecoder(in)
	for {
		var req progRequest
		if err := dec.Decode(&req); err != nil {
			return 0
		}
		name := filepath.Join(dir, fmt.Sprintf("%x", req.ActionID))
		switch req.Command {
		case "put":
			var b64 string
			if err := dec.Decode(&b64); err != nil {
				return 1
			}
			body, _ := base64.StdEncoding.DecodeString(b64)
			os.WriteFile(name, body, 0o644)
			out.Encode(progResponse{ID: req.ID, DiskPath: name})
		case "get":
			body, err := os.ReadFile(name)
			if err != nil {
				out.Encode(progResponse{ID: req.ID, Miss: true})
				continue
			}
			if damage {
				body[len(body)-1] ^= 1
				name += ".damaged"
				os.WriteFile(name, body, 0o644)
			}
			out.Encode(progResponse{ID: req.ID, DiskPath: name, Size: int64(len(body))})
		case "close":
			out.Encode(progResponse{ID: req.ID})
			return 0
		}
	}
}

// fakeProgCommand returns a GOCACHEPROG command line that runs the fake
// program on dir.
func fakeProgCommand(t *testing.T, dir string, damage bool) string {
	t.Helper()
	t.Setenv(fakeProgEnv, dir)
	if damage {
		t.Setenv("DISKCACHE_FAKE_PROG_DAMAGE", "1")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe + " -test.run=^$"
}

// TestProgPutGet keeps values through a cache program, concurrently, and
// reads them back from another process of it, as another machine would
// through a shared server.
func TestProgPutGet(t *testing.T) {
	dir := t.TempDir()
	p, err := StartProg(fakeProgCommand(t, dir, false), os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			key := keyOf(fmt.Sprint("package ", i))
			if _, ok := p.Get(key); ok {
				t.Errorf("entry %d before it was put", i)
			}
			if err := p.Put(key, []byte(strings.Repeat("v", i+1))); err != nil {
				t.Errorf("put %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}

	q, err := StartProg(fakeProgCommand(t, dir, false), os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	for i := range 16 {
		got, ok := q.Get(keyOf(fmt.Sprint("package ", i)))
		if want := strings.Repeat("v", i+1); !ok || string(got) != want {
			t.Errorf("entry %d = %q, %v; want %q", i, got, ok, want)
		}
	}
	if _, ok := q.Get(keyOf("never put")); ok {
		t.Error("an entry that was never put was found")
	}
}

// TestProgDamagedEntry: an entry the program returns damaged is a miss,
// as a damaged file of a directory is.
func TestProgDamagedEntry(t *testing.T) {
	dir := t.TempDir()
	p, err := StartProg(fakeProgCommand(t, dir, false), os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	key := keyOf("package a")
	if err := p.Put(key, []byte("diagnostics of a")); err != nil {
		t.Fatal(err)
	}
	p.Close()
	q, err := StartProg(fakeProgCommand(t, dir, true), os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if got, ok := q.Get(key); ok {
		t.Errorf("a damaged entry was returned: %q", got)
	}
}

// TestProgNotACacheProgram: a program that does not speak the protocol is
// an error when it starts, and one that exits makes every request fail
// rather than wait.
func TestProgNotACacheProgram(t *testing.T) {
	if _, err := StartProg("true", os.Stderr); err == nil {
		t.Error("StartProg(true) succeeded")
	}
	if _, err := StartProg("", os.Stderr); err == nil {
		t.Error("StartProg of no command succeeded")
	}
	p, err := StartProg(fakeProgCommand(t, t.TempDir(), false), os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Process.Kill()
	<-p.done
	if _, ok := p.Get(keyOf("x")); ok {
		t.Error("Get succeeded after the program exited")
	}
	if err := p.Put(keyOf("x"), []byte("v")); err == nil {
		t.Error("Put succeeded after the program exited")
	}
	p.cmd.Wait()
}

func keyOf(s string) Key {
	var k Key
	copy(k[:], bytes.Repeat([]byte(s), len(k)/len(s)+1))
	return k
}

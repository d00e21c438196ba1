package load

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestUnchanged checks when a stamp's stat is trusted and when the file
// is read again: an old stat that is the same is trusted; a same-size
// edit that sets the modification time back is seen, by the change time
// where the system gives one, else by the contents; and a stat taken
// within a tick of the file's times is never trusted.
func TestUnchanged(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	if err := os.WriteFile(name, []byte("package a\n\nvar A = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, old, err := readStamped(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, same := unchanged(name, old); !same {
		t.Fatal("a file not written since its stamp looks changed")
	}
	// A stamp taken long after the file was written: its stat is
	// trusted where the system gives change times.
	settled := old
	settled.statAt += int64(10 * tick)
	if now, same := unchanged(name, settled); !same || (old.stat.changeTime != 0) != (now == settled) {
		t.Errorf("an old stat: same %v, trusted %v; want the same, trusted iff change times are known (%v)", same, now == settled, old.stat.changeTime != 0)
	}

	// cp -p: new contents of the same size, the old modification time.
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte("package a\n\nvar A = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(name, time.Time{}, fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	for _, st := range []stamp{old, settled} {
		if _, same := unchanged(name, st); same {
			t.Errorf("a same-size edit that keeps the modification time looks unchanged (stamp taken %v after the write)", time.Duration(st.statAt-st.stat.modTime))
		}
	}
}

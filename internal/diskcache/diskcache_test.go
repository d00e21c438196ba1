package diskcache

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestPutGet(t *testing.T) {
	c, err := Open(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	k1, k2 := Key(sha256.Sum256([]byte("one"))), Key(sha256.Sum256([]byte("two")))
	if _, ok := c.Get(k1); ok {
		t.Fatal("Get of a key never put found an entry")
	}
	if err := c.Put(k1, []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(k2, nil); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.Get(k1); !ok || string(got) != "first" {
		t.Errorf("Get(k1) = %q, %v; want %q, true", got, ok, "first")
	}
	if got, ok := c.Get(k2); !ok || len(got) != 0 {
		t.Errorf("Get(k2) = %q, %v; want an empty entry", got, ok)
	}
	if err := c.Put(k1, []byte("again")); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Get(k1); string(got) != "again" {
		t.Errorf("Get(k1) after a second Put = %q, want %q", got, "again")
	}
	// No temporary file is left behind.
	tmps, _ := filepath.Glob(filepath.Join(c.Dir(), "*", ".tmp-*"))
	if len(tmps) > 0 {
		t.Errorf("temporary files left: %v", tmps)
	}
}

func TestTrim(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	c.now = func() time.Time { return now }
	old, recent, used := Key{1}, Key{2}, Key{3}
	for _, k := range []Key{old, recent, used} {
		if err := c.Put(k, []byte(k.String())); err != nil {
			t.Fatal(err)
		}
	}
	age := func(k Key, d time.Duration) {
		if err := os.Chtimes(c.path(k), now.Add(-d), now.Add(-d)); err != nil {
			t.Fatal(err)
		}
	}
	age(old, 6*24*time.Hour)
	age(recent, 4*24*time.Hour)
	age(used, 6*24*time.Hour)
	if _, ok := c.Get(used); !ok { // a use keeps it
		t.Fatal("Get(used) found nothing")
	}
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[Key]bool{old: false, recent: true, used: true} {
		if _, err := os.Stat(c.path(k)); (err == nil) != want {
			t.Errorf("after Trim, entry %s exists: %v, want %v", k.String()[:4], err == nil, want)
		}
	}
	// Within a day of a trim, Trim does nothing.
	age(recent, 6*24*time.Hour)
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(c.path(recent)); err != nil {
		t.Error("a second Trim within the day removed an entry")
	}
	now = now.Add(25 * time.Hour)
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(c.path(recent)); err == nil {
		t.Error("a Trim a day later kept an entry unused for six days")
	}
}

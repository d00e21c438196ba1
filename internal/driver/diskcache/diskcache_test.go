package diskcache

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// TestTrimRemovesOnlyOwnFiles gives the cache a directory full of files
// it did not write (MCPERRLINT_CACHE=. in a checkout, a cache root other
// tools share), all older than any entry is kept: the trim must remove
// its own old entries and unfinished writes, and nothing else.
func TestTrimRemovesOnlyOwnFiles(t *testing.T) {
	dir := t.TempDir()
	elsewhere := t.TempDir()
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	c.now = func() time.Time { return now }
	old := Key{0xab, 1}
	if err := c.Put(old, []byte("old")); err != nil {
		t.Fatal(err)
	}
	oldName := c.path(old)
	tmpName := oldName + ".tmp-123456" // a write killed before its rename
	entryLike := old.String() + "-v"
	userFiles := []string{
		"README.md",
		"trim.txt",
		".git/HEAD",
		".git/objects/ab/" + entryLike,
		"ab/notes.txt",
		"ab/" + old.String() + "-v.bak",
		"ab/" + old.String() + "-v.tmp-x",
		"ab/" + strings.ToUpper(old.String()) + "-v",
		"cd/" + entryLike, // an entry's name in another entry's subdirectory
		"abc/" + entryLike,
		"vendor/ab/" + entryLike,
	}
	for _, name := range append(userFiles, "../"+filepath.Base(elsewhere)+"/ab/"+entryLike) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("not the cache's"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	// A link to a directory of someone else's, with the name of a
	// subdirectory of the cache's, holding a file with an entry's name.
	if err := os.Symlink(filepath.Join(elsewhere, "ab"), filepath.Join(dir, "ef")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(elsewhere, "ab", entryLike), filepath.Join(elsewhere, "ab", "ef"+entryLike[2:])); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmpName, []byte("half"), 0o666); err != nil {
		t.Fatal(err)
	}
	tenDaysAgo := now.Add(-10 * 24 * time.Hour)
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil {
			os.Chtimes(path, tenDaysAgo, tenDaysAgo)
		}
		return nil
	})
	os.Chtimes(filepath.Join(elsewhere, "ab", "ef"+entryLike[2:]), tenDaysAgo, tenDaysAgo)

	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{oldName, tmpName} {
		if _, err := os.Stat(name); err == nil {
			t.Errorf("Trim kept %s, an old file of the cache's", name)
		}
	}
	for _, name := range userFiles {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			t.Errorf("Trim removed %s, which the cache did not write", name)
		}
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "ab", "ef"+entryLike[2:])); err != nil {
		t.Error("Trim removed a file through a symbolic link")
	}
}

// TestDamagedEntry damages an entry on disk in every way a disk, a crash
// or a user can: each damaged entry must be a miss, never its bytes, and
// a Put must replace it.
func TestDamagedEntry(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	key, other := Key{1}, Key{2}
	value := []byte("tool handler returns an argument decoding error")
	if err := c.Put(key, value); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(other, []byte("another value")); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(c.path(key))
	if err != nil {
		t.Fatal(err)
	}
	otherEntry, err := os.ReadFile(c.path(other))
	if err != nil {
		t.Fatal(err)
	}
	damages := map[string][]byte{
		"empty":             {},
		"truncated":         whole[:len(whole)-1],
		"zeroed":            make([]byte, len(whole)),
		"longer":            append(bytes.Clone(whole), 'x'),
		"another key's":     otherEntry,
		"only the value":    value,
		"the value twice":   append(bytes.Clone(value), value...),
		"the header, short": whole[:10],
	}
	for i := range whole { // a bit of every byte, header, hash and value
		flipped := bytes.Clone(whole)
		flipped[i] ^= 1 << (i % 8)
		damages[fmt.Sprintf("bit %d of byte %d flipped", i%8, i)] = flipped
	}
	for name, damaged := range damages {
		if err := os.WriteFile(c.path(key), damaged, 0o666); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(key); ok {
			t.Errorf("entry %s: Get = %q, true; want a miss", name, got)
		}
		if err := c.Put(key, value); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(key); !ok || !bytes.Equal(got, value) {
			t.Errorf("entry %s, then Put: Get = %q, %v; want the value", name, got, ok)
		}
	}
}

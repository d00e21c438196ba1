// Package diskcache is a directory of values kept by key from one run of
// the command to the next, as the go command's build cache keeps
// compiled packages: the key is a hash of everything the value was
// computed from, so an entry is either what computing it again would
// give or never looked up again, and nothing is ever invalidated.
//
// Entries are written to a temporary file and renamed into place, so
// that runs sharing the directory see a whole entry or none. Each entry
// holds a hash of its key and value, checked at every read: an entry
// damaged on disk (a flipped bit, a truncation, a copy under another
// name) is a miss, and the next Put replaces it.
//
// Entries not used for five days are removed, at most once a day. The
// directory may be one the user shares with other files (the
// environment names it): the cache only ever removes files with the
// names of its own entries, in its own subdirectories.
package diskcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A Key names an entry: the hash of what its value depends on.
type Key [sha256.Size]byte

// String returns the key in hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

const (
	// unusedFor is how long an entry is kept after it was last used.
	unusedFor = 5 * 24 * time.Hour
	// trimEvery is how often the directory is trimmed at most.
	trimEvery = 24 * time.Hour
	// touchAfter is how old an entry's time may grow before a use
	// refreshes it: not at every use, which would be a write per read.
	touchAfter = time.Hour
)

// The layout of the directory: entries in subdirectories named by the
// first byte of their key, as the go command's cache does, so that no
// directory holds too many files; temporary files beside them, named
// after the entry they will become; and the time of the last trim.
const (
	entrySuffix = "-v"
	tmpInfix    = ".tmp-"
	trimStamp   = "mcperrlint-trim.txt"
)

// entryMagic begins every entry, before the hash of its key and value.
var entryMagic = []byte("mcperrlint diskcache 1\n")

// A Cache is a directory of entries.
type Cache struct {
	dir string
	now func() time.Time
}

// Open returns the cache in dir, creating the directory if need be.
func Open(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	return &Cache{dir: dir, now: time.Now}, nil
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// path returns the file of key's entry.
func (c *Cache) path(key Key) string {
	s := key.String()
	return filepath.Join(c.dir, s[:2], s+entrySuffix)
}

// seal returns the hash an entry holds for key and value.
func seal(key Key, value []byte) [sha256.Size]byte {
	h := sha256.New()
	h.Write(key[:])
	h.Write(value)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// sealed returns the entry that keeps value for key: the magic, the seal
// and the value.
func sealed(key Key, value []byte) []byte {
	sum := seal(key, value)
	return bytes.Join([][]byte{entryMagic, sum[:], value}, nil)
}

// unseal returns the value an entry keeps for key, if the entry is whole
// and was made for key.
func unseal(key Key, data []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(data, entryMagic)
	if !ok || len(rest) < sha256.Size {
		return nil, false
	}
	sum, value := rest[:sha256.Size], rest[sha256.Size:]
	if want := seal(key, value); !bytes.Equal(sum, want[:]) {
		return nil, false
	}
	return value, true
}

// Get returns the value kept for key, if there is one and it is whole.
func (c *Cache) Get(key Key) ([]byte, bool) {
	name := c.path(key)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, false
	}
	value, ok := unseal(key, data)
	if !ok {
		return nil, false
	}
	if fi, err := os.Stat(name); err == nil && c.now().Sub(fi.ModTime()) > touchAfter {
		now := c.now()
		os.Chtimes(name, now, now) // best effort: at worst the entry is trimmed early
	}
	return value, true
}

// Put keeps value for key, replacing what was kept, damaged or not.
func (c *Cache) Put(key Key, value []byte) error {
	name := c.path(key)
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+tmpInfix+"*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(sealed(key, value))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// Trim removes the entries not used for five days, and the temporary
// files of writes that never finished, unless the directory was trimmed
// in the last day. It looks only in the subdirectories the cache writes
// entries to, and removes only regular files named as it names them.
func (c *Cache) Trim() error {
	stamp := filepath.Join(c.dir, trimStamp)
	now := c.now()
	if fi, err := os.Stat(stamp); err == nil && now.Sub(fi.ModTime()) < trimEvery {
		return nil
	}
	if err := os.WriteFile(stamp, nil, 0o666); err != nil {
		return err
	}
	os.Chtimes(stamp, now, now)
	cutoff := now.Add(-unusedFor)
	subdirs, err := os.ReadDir(c.dir)
	if err != nil {
		return err
	}
	for _, sub := range subdirs {
		// A symbolic link is not a directory the cache made.
		if !sub.IsDir() || !isHex(sub.Name(), 2) {
			continue
		}
		files, err := os.ReadDir(filepath.Join(c.dir, sub.Name()))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue // another run trimmed it
			}
			return err
		}
		for _, f := range files {
			if !f.Type().IsRegular() || !isOwnFile(sub.Name(), f.Name()) {
				continue
			}
			if fi, err := f.Info(); err == nil && fi.ModTime().Before(cutoff) {
				os.Remove(filepath.Join(c.dir, sub.Name(), f.Name()))
			}
		}
	}
	return nil
}

// isOwnFile reports whether name, in the subdirectory sub, is a name the
// cache gives its files there: an entry's, or the temporary file of one.
func isOwnFile(sub, name string) bool {
	entry, tmp, isTmp := strings.Cut(name, tmpInfix)
	if isTmp && !isDigits(tmp) {
		return false
	}
	key, ok := strings.CutSuffix(entry, entrySuffix)
	return ok && isHex(key, 2*sha256.Size) && key[:2] == sub
}

// isHex reports whether s is n lower-case hexadecimal digits.
func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// isDigits reports whether s is one or more decimal digits, as
// os.CreateTemp fills in its pattern's star.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Package diskcache is a directory of values kept by key from one run of
// the command to the next, as the go command's build cache keeps
// compiled packages: the key is a hash of everything the value was
// computed from, so an entry is either what computing it again would
// give or never looked up again, and nothing is ever invalidated.
//
// Entries are written to a temporary file and renamed into place, so
// that runs sharing the directory see a whole entry or none. Entries not
// used for five days are removed, at most once a day.
package diskcache

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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

// path returns the file of key's entry: in a subdirectory named by its
// first byte, as the go command's cache does, so that no directory holds
// too many files.
func (c *Cache) path(key Key) string {
	s := key.String()
	return filepath.Join(c.dir, s[:2], s+"-v")
}

// Get returns the value kept for key, if there is one.
func (c *Cache) Get(key Key) ([]byte, bool) {
	name := c.path(key)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, false
	}
	if fi, err := os.Stat(name); err == nil && c.now().Sub(fi.ModTime()) > touchAfter {
		now := c.now()
		os.Chtimes(name, now, now) // best effort: at worst the entry is trimmed early
	}
	return data, true
}

// Put keeps value for key.
func (c *Cache) Put(key Key, value []byte) error {
	name := c.path(key)
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(value)
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
// in the last day.
func (c *Cache) Trim() error {
	stamp := filepath.Join(c.dir, "trim.txt")
	now := c.now()
	if fi, err := os.Stat(stamp); err == nil && now.Sub(fi.ModTime()) < trimEvery {
		return nil
	}
	if err := os.WriteFile(stamp, nil, 0o666); err != nil {
		return err
	}
	os.Chtimes(stamp, now, now)
	cutoff := now.Add(-unusedFor)
	return filepath.WalkDir(c.dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // another run trimmed it
			}
			return err
		}
		if d.IsDir() || name == stamp {
			return nil
		}
		if fi, err := d.Info(); err == nil && fi.ModTime().Before(cutoff) {
			os.Remove(name)
		}
		return nil
	})
}

package main

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/driver/diskcache"
	"github.com/mcperrlint/mcperrlint/internal/driver/load"
	"github.com/mcperrlint/mcperrlint/internal/driver/run"
)

// The standalone command keeps each package's diagnostics and result
// from one run to the next, as go vet (through the go command's cache),
// golangci-lint and staticcheck keep theirs, so that a package none of
// whose inputs changed is neither type-checked nor analyzed again.
//
// A package's key hashes everything its analysis is given: the
// executable, the analyzer's flags, the package's metadata and the
// contents of its files, and the key of every package it imports, from
// source, or the hash of the contents of the export data file the go
// command compiled (the name the build cache gives it). An edit therefore misses
// for the package edited and every package above it, and nothing else.
//
// Only a package that type-checked, whose actions all succeeded, and
// whose diagnostics are all in files the key covers, without //line
// directives, is kept: the positions are kept as offsets in those files,
// and restoring them needs no parsing.
//
// The files are hashed when the run starts, and the loader reads them
// again later: a file saved in between (format-on-save, git checkout, a
// concurrent -fix) would be analyzed in its new form under the key of
// the old. So a package is kept only if every file its key covers was
// parsed with the contents the key hashed (load.Graph.ReadHash), and a
// kept package is restored only if the files its positions are offsets
// in still hold those contents.

// cacheEnv names the environment variable that says where the cache is:
// a directory, or off (cacheOff); see openCache.
const cacheEnv = "MCPERRLINT_CACHE"

// cacheFormat changes whenever what an entry holds does.
const cacheFormat = "mcperrlint cache 4"

// cacheOff reports whether a value of cacheEnv turns the cache off: the
// spellings of "off" users type, in any case. Anything else names a
// directory.
func cacheOff(value string) bool {
	return strings.EqualFold(value, "off") || strings.EqualFold(value, "false") || value == "0"
}

// openCache returns the cache the environment asks for, nil if it is off,
// and what closes it. MCPERRLINT_CACHE names a directory, or turns the
// cache off; unset, the cache is GOCACHEPROG's program when the go
// command's build cache is one (so that a fleet sharing its build cache
// shares the results too), else a directory in the user's cache
// directory. A cache that cannot be opened is not an error: the run goes
// on without.
func (d *driver) openCache() (diskcache.Store, func()) {
	dir := os.Getenv(cacheEnv)
	switch {
	case cacheOff(dir):
		return nil, func() {}
	case dir == "" && os.Getenv("GOCACHEPROG") != "":
		p, err := diskcache.StartProg(os.Getenv("GOCACHEPROG"), d.stderr)
		if err != nil {
			fmt.Fprintf(d.stderr, "mcperrlint: warning: cache not used: %v\n", err)
			return nil, func() {}
		}
		return p, func() { p.Close() }
	case dir == "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, func() {}
		}
		dir = filepath.Join(base, "mcperrlint")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, func() {}
	}
	c, err := diskcache.Open(dir)
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: warning: cache not used: %v\n", err)
		return nil, func() {}
	}
	return c, func() {}
}

// contentNamed matches the names that the go command's build cache
// (<output ID>-d) and go-tool-cache's go-cacher (o-<output ID>) give a
// compiled file: the output ID is the hash of its contents.
var contentNamed = regexp.MustCompile(`^(?:[0-9a-f]{64}-d|o-[0-9a-f]{64})$`)

// exportFileHash returns what a package's key holds of its export data
// file: the hash of its contents, which a build cache names the file by,
// so that machines whose caches live in different directories (a fleet
// sharing one cache program's server) compute the same keys. A file named
// otherwise is read and hashed.
func exportFileHash(name string) (string, bool) {
	if base := filepath.Base(name); contentNamed.MatchString(base) {
		return base, true
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("%x", sha256.Sum256(data)), true
}

// A keyer computes the packages' keys.
type keyer struct {
	g      *load.Graph
	common []byte // what every key holds: executable, flags, format

	keys  map[*packages.Package]*pkgKey
	files map[string]fileHash // by name
}

// A pkgKey is a package's key, and the files whose contents it covers.
type pkgKey struct {
	done bool // computed; a package still being computed is in an import cycle
	key  diskcache.Key
	ok   bool            // whether the package may be kept at all
	own  []string        // the package's Go files
	all  map[string]bool // its files and those of the source packages below it
}

// A fileHash is the hash of a file's contents, and whether it holds a
// //line directive.
type fileHash struct {
	sum        [sha256.Size]byte
	directives bool
	err        error
}

// newKeyer returns a keyer for the graph's packages, of an executable
// whose hash is exe, run with the analyzer's flags in fs.
func newKeyer(g *load.Graph, exe string, flags *flag.FlagSet) *keyer {
	var common bytes.Buffer
	fmt.Fprintf(&common, "%s\nexecutable %s\n", cacheFormat, exe)
	flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(&common, "flag %s=%q\n", f.Name, f.Value) })
	return &keyer{g: g, common: common.Bytes(), keys: make(map[*packages.Package]*pkgKey), files: make(map[string]fileHash)}
}

// hashFiles hashes the Go files of every package checked from source, in
// parallel: most of what computing the keys costs.
func (k *keyer) hashFiles(pkgs []*packages.Package) {
	var names []string
	for _, p := range pkgs {
		if k.g.FromSource(p) {
			names = append(names, p.CompiledGoFiles...)
			names = append(names, p.OtherFiles...)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	hashes := make([]fileHash, len(names))
	var wg sync.WaitGroup
	work := make(chan int)
	for range 4 {
		wg.Go(func() {
			for i := range work {
				hashes[i] = hashFile(names[i])
			}
		})
	}
	for i := range names {
		work <- i
	}
	close(work)
	wg.Wait()
	for i, name := range names {
		k.files[name] = hashes[i]
	}
}

func hashFile(name string) fileHash {
	src, err := os.ReadFile(name)
	if err != nil {
		return fileHash{err: err}
	}
	return fileHash{sum: sha256.Sum256(src), directives: bytes.Contains(src, []byte("//line ")) || bytes.Contains(src, []byte("/*line "))}
}

// key returns p's key. A package in an import cycle (broken code) is
// never kept.
func (k *keyer) key(p *packages.Package) *pkgKey {
	if pk, ok := k.keys[p]; ok {
		if !pk.done {
			pk.ok = false
		}
		return pk
	}
	pk := new(pkgKey)
	k.keys[p] = pk
	k.compute(p, pk)
	pk.done = true
	return pk
}

func (k *keyer) compute(p *packages.Package, pk *pkgKey) {
	h := sha256.New()
	h.Write(k.common)
	fmt.Fprintf(h, "id %q path %q name %q\n", p.ID, p.PkgPath, p.Name)
	if m := p.Module; m != nil {
		fmt.Fprintf(h, "module %q %q go %q main %v dir %q\n", m.Path, m.Version, m.GoVersion, m.Main, m.Dir)
		if m.Replace != nil {
			fmt.Fprintf(h, "replaced %q %q\n", m.Replace.Path, m.Replace.Version)
		}
	}
	fmt.Fprintf(h, "sizes %#v\n", p.TypesSizes)
	pk.ok = len(p.Errors) == 0 && !p.IllTyped
	pk.all = make(map[string]bool)
	switch {
	case p.PkgPath == "unsafe":
	case k.g.FromSource(p):
		for _, list := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles} {
			fmt.Fprintf(h, "files %d\n", len(list))
			for _, name := range list {
				fmt.Fprintf(h, "%q\n", name)
			}
		}
		for _, name := range slices.Concat(p.CompiledGoFiles, p.OtherFiles) {
			fh := k.files[name]
			if fh.err != nil {
				pk.ok = false
			}
			fmt.Fprintf(h, "file %q %x\n", name, fh.sum)
		}
		pk.own = p.CompiledGoFiles
		for _, name := range p.CompiledGoFiles {
			pk.all[name] = true
		}
	case p.ExportFile != "":
		sum, ok := exportFileHash(p.ExportFile)
		pk.ok = pk.ok && ok
		fmt.Fprintf(h, "export %s\n", sum)
	default:
		pk.ok = false
	}
	imports := k.g.Imports(p)
	for _, path := range slices.Sorted(maps.Keys(imports)) {
		dep := k.key(imports[path])
		pk.ok = pk.ok && dep.ok
		fmt.Fprintf(h, "import %q %x\n", path, dep.key)
		for name := range dep.all {
			pk.all[name] = true
		}
	}
	h.Sum(pk.key[:0])
}

// afterKeysHook, when not nil, is called once the keys' files are hashed,
// before the cache is read and the packages are loaded: a test saves a
// file there, as an editor may at any moment of a run.
var afterKeysHook func()

// newRunCache returns the cache as a run of the executable whose hash is
// exe uses it on the graph.
func (d *driver) newRunCache(cache diskcache.Store, g *load.Graph, exe string) *runCache {
	k := newKeyer(g, exe, &d.a.Flags)
	k.hashFiles(g.Source())
	if afterKeysHook != nil {
		afterKeysHook()
	}
	return &runCache{
		cache:     cache,
		graph:     g,
		keyer:     k,
		analyzer:  d.a,
		positions: &positioner{fset: g.Fset, hashed: k.files, files: make(map[string]*token.File)},
		hit:       make(map[*packages.Package]bool),

		factAnalyzers: factAnalyzers(d.a),
		ran:           make(map[*packages.Package]map[*analysis.Analyzer]*ranFacts),
	}
}

// lookUp returns the results kept for the roots, and the roots that
// missed.
func (c *runCache) lookUp(roots []*packages.Package) (hits []run.Restored, misses []*packages.Package) {
	for _, p := range roots {
		pk := c.keyer.key(p)
		data, ok := c.cache.Get(pk.key)
		if ok && pk.ok {
			r, facts, err := decodeEntry(data, c.positions)
			if err == nil && c.positions.err == nil {
				decoder := factsDecoder(facts)
				r.Analyzer, r.Package, r.Facts = c.analyzer, p, decoder(c.analyzer.Name)
				hits = append(hits, r)
				for _, a := range c.factAnalyzers {
					if a != c.analyzer {
						hits = append(hits, run.Restored{Analyzer: a, Package: p, Facts: decoder(a.Name)})
					}
				}
				c.hit[p] = true
				continue
			}
		}
		misses = append(misses, p)
	}
	return hits, misses
}

// A runCache is the cache as one run uses it.
type runCache struct {
	cache     diskcache.Store
	graph     *load.Graph
	keyer     *keyer
	analyzer  *analysis.Analyzer
	positions *positioner
	hit       map[*packages.Package]bool

	factAnalyzers []*analysis.Analyzer
	mu            sync.Mutex
	ran           map[*packages.Package]map[*analysis.Analyzer]*ranFacts
}

// record is run.Options.Ran: it keeps the facts of the actions on the
// roots that were not restored.
func (c *runCache) record(act *checker.Action, objects []analysis.ObjectFact, pkg []analysis.PackageFact) {
	if c.hit[act.Package] || len(act.Analyzer.FactTypes) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.ran[act.Package]
	if m == nil {
		m = make(map[*analysis.Analyzer]*ranFacts)
		c.ran[act.Package] = m
	}
	m[act.Analyzer] = &ranFacts{objects, pkg}
}

// analyzedAsHashed reports whether the loader parsed every file pk covers
// with the contents its key hashed: not so for a file saved during the
// run, whose results the key of its old contents must not get.
func (c *runCache) analyzedAsHashed(pk *pkgKey) bool {
	for name := range pk.all {
		if sum, ok := c.graph.ReadHash(name); !ok || sum != c.keyer.files[name].sum {
			return false
		}
	}
	return true
}

// keep writes the results of the root actions that ran.
func (c *runCache) keep(roots []*checker.Action) {
	for _, act := range roots {
		if c.hit[act.Package] || act.Err != nil || act.Package.IllTyped {
			continue
		}
		pk := c.keyer.key(act.Package)
		if !pk.ok || !c.analyzedAsHashed(pk) {
			continue
		}
		facts, ok := encodeFacts(c.factAnalyzers, c.ran[act.Package])
		if !ok {
			continue
		}
		data, err := encodeEntry(act, facts, pk, c.keyer.files)
		if err != nil {
			continue
		}
		c.cache.Put(pk.key, data) // best effort: a missing entry is a miss
	}
	// A directory is trimmed here; a cache program keeps its own policy.
	if dir, ok := c.cache.(*diskcache.Cache); ok {
		dir.Trim()
	}
}

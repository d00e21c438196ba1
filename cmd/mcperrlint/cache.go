package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/driver/diskcache"
	"github.com/mcperrlint/mcperrlint/internal/driver/load"
	"github.com/mcperrlint/mcperrlint/internal/driver/run"
	"github.com/mcperrlint/mcperrlint/internal/errorigin"
)

// The standalone command keeps each package's diagnostics and result
// from one run to the next, as go vet (through the go command's cache),
// golangci-lint and staticcheck keep theirs, so that a package none of
// whose inputs changed is neither type-checked nor analyzed again.
//
// A package's key hashes everything its analysis is given: the
// executable, the analyzer's flags, the package's metadata and the
// contents of its files, and the key of every package it imports, from
// source, or the export data file the go command compiled (whose name in
// the build cache is the hash of its contents). An edit therefore misses
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
// a directory, or off (cacheOff).
const cacheEnv = "MCPERRLINT_CACHE"

// cacheFormat changes whenever what an entry holds does.
const cacheFormat = "mcperrlint cache 2"

// cacheOff reports whether a value of cacheEnv turns the cache off: the
// spellings of "off" users type, in any case. Anything else names a
// directory.
func cacheOff(value string) bool {
	return strings.EqualFold(value, "off") || strings.EqualFold(value, "false") || value == "0"
}

// openCache returns the cache the environment asks for, nil if it is off.
// A cache that cannot be opened is not an error: the run goes on without.
func (d *driver) openCache() *diskcache.Cache {
	dir := os.Getenv(cacheEnv)
	switch {
	case cacheOff(dir):
		return nil
	case dir == "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "mcperrlint")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	c, err := diskcache.Open(dir)
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: warning: cache not used: %v\n", err)
		return nil
	}
	return c
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
		// The build cache names the file by the hash of its contents.
		fmt.Fprintf(h, "export %q\n", p.ExportFile)
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

// An entry is what the cache keeps of a package: its root action's
// diagnostics and result.
type entry struct {
	Diagnostics []cachedDiagnostic
	Servers     []cachedServer
	SDKs        []cachedSDK
	// Facts is the gob of the []cachedFacts of every analyzer with
	// facts, decoded only when a package analyzed again imports this
	// one.
	Facts []byte
}

// cachedFacts are the facts one analyzer exported about a package.
type cachedFacts struct {
	Analyzer string
	Objects  []cachedObjectFact
	Package  []analysis.Fact
}

// A cachedObjectFact is a fact about an object, named by its path from
// the package's scope, as go vet's facts files name them.
type cachedObjectFact struct {
	Object objectpath.Path
	Fact   analysis.Fact
}

type cachedDiagnostic struct {
	Pos, End       cachedPos
	Category       string
	Message        string
	URL            string
	SuggestedFixes []cachedFix
	Related        []cachedRelated
}

type cachedFix struct {
	Message   string
	TextEdits []cachedEdit
}

type cachedEdit struct {
	Pos, End cachedPos
	NewText  []byte
}

type cachedRelated struct {
	Pos, End cachedPos
	Message  string
}

type cachedServer struct {
	SDK      string
	Pos      cachedPos
	Converts bool
}

type cachedSDK struct {
	Pos cachedPos
	SDK string
}

// A cachedPos is a position as a file and an offset; File "" is NoPos.
type cachedPos struct {
	File   string
	Offset int
}

// errNotKept says a package's results cannot be kept.
var errNotKept = errors.New("not kept")

// encodeEntry encodes the root action's diagnostics and result, and the
// facts of every action on the package, or fails with errNotKept if a
// position is in a file the key does not cover.
func encodeEntry(act *checker.Action, facts []cachedFacts, pk *pkgKey, files map[string]fileHash) ([]byte, error) {
	fset := act.Package.Fset
	var failed bool
	pos := func(p token.Pos) cachedPos {
		if !p.IsValid() {
			return cachedPos{}
		}
		tf := fset.File(p)
		if tf == nil || !pk.all[tf.Name()] || files[tf.Name()].directives {
			failed = true
			return cachedPos{}
		}
		return cachedPos{tf.Name(), tf.Offset(p)}
	}
	var e entry
	for _, d := range act.Diagnostics {
		cd := cachedDiagnostic{Pos: pos(d.Pos), End: pos(d.End), Category: d.Category, Message: d.Message, URL: d.URL}
		for _, fix := range d.SuggestedFixes {
			cf := cachedFix{Message: fix.Message}
			for _, edit := range fix.TextEdits {
				cf.TextEdits = append(cf.TextEdits, cachedEdit{pos(edit.Pos), pos(edit.End), edit.NewText})
			}
			cd.SuggestedFixes = append(cd.SuggestedFixes, cf)
		}
		for _, rel := range d.Related {
			cd.Related = append(cd.Related, cachedRelated{pos(rel.Pos), pos(rel.End), rel.Message})
		}
		e.Diagnostics = append(e.Diagnostics, cd)
	}
	r, ok := act.Result.(*analyzer.Result)
	if !ok {
		return nil, errNotKept
	}
	for _, s := range r.Servers {
		e.Servers = append(e.Servers, cachedServer{s.SDK, pos(s.Pos), s.Converts})
	}
	for _, p := range slices.Sorted(maps.Keys(r.SDKs)) {
		e.SDKs = append(e.SDKs, cachedSDK{pos(p), r.SDKs[p]})
	}
	if failed {
		return nil, errNotKept
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(facts); err != nil {
		return nil, err
	}
	e.Facts = bytes.Clone(buf.Bytes())
	buf.Reset()
	if err := gob.NewEncoder(&buf).Encode(&e); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// A positioner turns cached positions back into positions of a file set,
// adding each file to it once, with the lines of its contents, which
// must be those the keys hashed.
type positioner struct {
	fset   *token.FileSet
	hashed map[string]fileHash
	mu     sync.Mutex
	files  map[string]*token.File
	err    error
}

func (ps *positioner) pos(c cachedPos) token.Pos {
	if c.File == "" {
		return token.NoPos
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	tf, ok := ps.files[c.File]
	if !ok {
		src, err := os.ReadFile(c.File)
		switch {
		case err != nil:
			ps.err = err
		case sha256.Sum256(src) != ps.hashed[c.File].sum:
			// Saved since the keys were computed: the offsets are
			// in the contents hashed, the lines would be the new
			// ones'.
		default:
			tf = ps.fset.AddFile(c.File, -1, len(src))
			tf.SetLinesForContent(src)
		}
		ps.files[c.File] = tf
	}
	if tf == nil || c.Offset > tf.Size() {
		if ps.err == nil {
			ps.err = fmt.Errorf("%s changed during the run", c.File)
		}
		return token.NoPos
	}
	return tf.Pos(c.Offset)
}

// decodeEntry decodes an entry into the root action's diagnostics and
// result, and its encoded facts.
func decodeEntry(data []byte, ps *positioner) (run.Restored, []byte, error) {
	var e entry
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&e); err != nil {
		return run.Restored{}, nil, err
	}
	var r run.Restored
	for _, cd := range e.Diagnostics {
		d := analysis.Diagnostic{Pos: ps.pos(cd.Pos), End: ps.pos(cd.End), Category: cd.Category, Message: cd.Message, URL: cd.URL}
		for _, cf := range cd.SuggestedFixes {
			fix := analysis.SuggestedFix{Message: cf.Message}
			for _, ce := range cf.TextEdits {
				fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: ps.pos(ce.Pos), End: ps.pos(ce.End), NewText: ce.NewText})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, fix)
		}
		for _, cr := range cd.Related {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: ps.pos(cr.Pos), End: ps.pos(cr.End), Message: cr.Message})
		}
		r.Diagnostics = append(r.Diagnostics, d)
	}
	res := &analyzer.Result{SDKs: make(map[token.Pos]string)}
	for _, s := range e.Servers {
		res.Servers = append(res.Servers, errorigin.Server{SDK: s.SDK, Pos: ps.pos(s.Pos), Converts: s.Converts})
	}
	for _, s := range e.SDKs {
		res.SDKs[ps.pos(s.Pos)] = s.SDK
	}
	r.Result = res
	return r, e.Facts, nil
}

// factsDecoder returns, for each analyzer with facts, the function that
// decodes its facts from data against the package's types, decoding data
// once.
func factsDecoder(data []byte) func(analyzer string) func(*types.Package) ([]analysis.ObjectFact, []analysis.PackageFact, error) {
	decode := sync.OnceValues(func() (map[string]cachedFacts, error) {
		var all []cachedFacts
		if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&all); err != nil {
			return nil, err
		}
		byName := make(map[string]cachedFacts)
		for _, f := range all {
			byName[f.Analyzer] = f
		}
		return byName, nil
	})
	return func(analyzer string) func(*types.Package) ([]analysis.ObjectFact, []analysis.PackageFact, error) {
		return func(pkg *types.Package) ([]analysis.ObjectFact, []analysis.PackageFact, error) {
			byName, err := decode()
			if err != nil {
				return nil, nil, err
			}
			cf, ok := byName[analyzer]
			if !ok {
				return nil, nil, fmt.Errorf("no facts of %s kept", analyzer)
			}
			var objects []analysis.ObjectFact
			for _, f := range cf.Objects {
				obj, err := objectpath.Object(pkg, f.Object)
				if err != nil {
					return nil, nil, err
				}
				objects = append(objects, analysis.ObjectFact{Object: obj, Fact: f.Fact})
			}
			var pkgFacts []analysis.PackageFact
			for _, f := range cf.Package {
				pkgFacts = append(pkgFacts, analysis.PackageFact{Package: pkg, Fact: f})
			}
			return objects, pkgFacts, nil
		}
	}
}

// encodeFacts returns the facts the actions on a package exported, one
// cachedFacts per analyzer with facts, in the order of analyzers, or false
// if one of those did not run.
func encodeFacts(analyzers []*analysis.Analyzer, ran map[*analysis.Analyzer]*ranFacts) ([]cachedFacts, bool) {
	var out []cachedFacts
	for _, a := range analyzers {
		r := ran[a]
		if r == nil {
			return nil, false
		}
		cf := cachedFacts{Analyzer: a.Name}
		for _, f := range r.objects {
			path, err := objectpath.For(f.Object)
			if err != nil {
				continue // not reachable from the package's scope: no importer names it
			}
			cf.Objects = append(cf.Objects, cachedObjectFact{path, f.Fact})
		}
		for _, f := range r.pkg {
			cf.Package = append(cf.Package, f.Fact)
		}
		out = append(out, cf)
	}
	return out, true
}

// ranFacts are the facts an action exported about its package.
type ranFacts struct {
	objects []analysis.ObjectFact
	pkg     []analysis.PackageFact
}

// factAnalyzers returns a and the analyzers it requires, directly or
// not, that have facts, each once, in a fixed order; and registers their
// fact types with gob, as go vet's drivers do.
func factAnalyzers(a *analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		if len(a.FactTypes) > 0 {
			out = append(out, a)
			for _, f := range a.FactTypes {
				gob.Register(f)
			}
		}
	}
	visit(a)
	return out
}

// afterKeysHook, when not nil, is called once the keys' files are hashed,
// before the cache is read and the packages are loaded: a test saves a
// file there, as an editor may at any moment of a run.
var afterKeysHook func()

// newRunCache returns the cache as a run of the executable whose hash is
// exe uses it on the graph.
func (d *driver) newRunCache(cache *diskcache.Cache, g *load.Graph, exe string) *runCache {
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
	cache     *diskcache.Cache
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
	c.cache.Trim()
}

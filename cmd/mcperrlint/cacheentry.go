package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/mcperrlint/mcperrlint/internal/driver/run"
	"github.com/mcperrlint/mcperrlint/internal/driver/silence"
	"github.com/mcperrlint/mcperrlint/passes/servers"
)

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
	r, ok := act.Result.(*silence.Result)
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
	res := &silence.Result{SDKs: make(map[token.Pos]string)}
	for _, s := range e.Servers {
		res.Servers = append(res.Servers, servers.Server{SDK: s.SDK, Pos: ps.pos(s.Pos), Converts: s.Converts})
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

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/sarif"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// srcRoot is the uriBaseId of the module root, the base of every
// location in a SARIF log. GitHub code scanning and SARIF viewers resolve
// it against the checkout.
const srcRoot = "%SRCROOT%"

// fingerprintKey names mcperrlint's partial fingerprint in a result.
// Bump its version when what it hashes changes: code scanning would
// otherwise close every alert and open it again.
const fingerprintKey = "mcperrlint/v1"

// printSARIF prints the roots' diagnostics as a SARIF 2.1.0 log, with a
// notification for each package that could not be checked, and returns
// how many results it printed.
func (d *driver) printSARIF(roots []*checker.Action, failures []string, ok bool) (int, error) {
	s := &sarifWriter{root: d.moduleRoot(roots), files: make(map[string][]byte)}
	log := s.log(uniqueDiagnostics(roots), failures, ok)
	data, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return 0, err
	}
	_, err = fmt.Fprintf(d.stdout, "%s\n", data)
	return len(log.Runs[0].Results), err
}

// moduleRoot is the directory of the main module the locations are
// relative to: the one the working directory is in, or else the first
// root package's. It is "" when no package belongs to a main module
// (GOPATH mode); the locations are then absolute.
func (d *driver) moduleRoot(roots []*checker.Action) string {
	first := ""
	for _, act := range roots {
		m := act.Package.Module
		if m == nil || !m.Main || m.Dir == "" {
			continue
		}
		if first == "" {
			first = m.Dir
		}
		if d.cwd != "" && within(m.Dir, d.cwd) {
			return m.Dir
		}
	}
	return first
}

// within reports whether name is dir or below it.
func within(dir, name string) bool {
	rel, err := filepath.Rel(dir, name)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// A sarifWriter builds a SARIF log.
type sarifWriter struct {
	root  string            // the module root, or ""
	files map[string][]byte // file contents, for columns and fingerprints
}

func (s *sarifWriter) log(all []found, failures []string, ok bool) *sarif.Log {
	// Every category gets a rule, whether or not it was reported in this
	// run, so that code scanning knows them all; a category the table
	// does not know is added when it is seen.
	var descriptors []sarif.ReportingDescriptor
	index := make(map[string]int)
	addRule := func(r category.Info) {
		index[r.ID] = len(descriptors)
		full := r.Full
		if full == "" {
			full = r.Short
		}
		descriptors = append(descriptors, sarif.ReportingDescriptor{
			ID:                   r.ID,
			Name:                 r.Name,
			ShortDescription:     &sarif.MultiformatMessage{Text: r.Short},
			FullDescription:      &sarif.MultiformatMessage{Text: full},
			Help:                 &sarif.MultiformatMessage{Text: full + " See " + helpURI(r.ID) + "."},
			HelpURI:              helpURI(r.ID),
			DefaultConfiguration: &sarif.ReportingConfiguration{Level: r.Level},
		})
	}
	for _, r := range category.Infos() {
		addRule(r)
	}

	results := []sarif.Result{}
	seen := make(map[string]int) // fingerprint hash -> how many so far
	for _, f := range all {
		fset := f.act.Package.Fset
		if _, known := index[f.diag.Category]; !known {
			addRule(ruleFor(f.diag.Category))
		}
		r := sarif.Result{
			RuleID:    f.diag.Category,
			RuleIndex: index[f.diag.Category],
			Level:     ruleFor(f.diag.Category).Level,
			Message:   sarif.Message{Text: f.diag.Message},
			Locations: []sarif.Location{{PhysicalLocation: s.physical(fset, f.diag.Pos, f.diag.End)}},
		}
		for i, rel := range f.diag.Related {
			id := i + 1
			r.RelatedLocations = append(r.RelatedLocations, sarif.Location{
				ID:               &id,
				PhysicalLocation: s.physical(fset, rel.Pos, rel.End),
				Message:          &sarif.Message{Text: rel.Message},
			})
		}
		if len(f.diag.SuggestedFixes) > 0 {
			r.Fixes = []sarif.Fix{s.fix(fset, f.diag.SuggestedFixes[0])}
		}
		hash := s.fingerprint(f)
		seen[hash]++
		r.PartialFingerprints = map[string]string{fingerprintKey: fmt.Sprintf("%s:%d", hash, seen[hash])}
		results = append(results, r)
	}

	var notes []sarif.Notification
	for _, msg := range failures {
		notes = append(notes, sarif.Notification{
			Level:      "error",
			Message:    sarif.Message{Text: msg},
			Descriptor: &sarif.ReportingDescriptorReference{ID: "not-checked"},
		})
	}
	run := sarif.Run{
		Tool: sarif.Tool{Driver: sarif.ToolComponent{
			Name:           "mcperrlint",
			Version:        sarifVersion(),
			InformationURI: "https://github.com/mcperrlint/mcperrlint",
			Rules:          descriptors,
		}},
		Invocations: []sarif.Invocation{{ExecutionSuccessful: ok, ToolExecutionNotifications: notes}},
		Results:     results,
		ColumnKind:  "utf16CodeUnits",
	}
	if s.root != "" {
		run.OriginalURIBaseIDs = map[string]sarif.ArtifactLocation{srcRoot: {URI: fileURI(s.root) + "/"}}
	}
	return &sarif.Log{Schema: sarif.Schema, Version: sarif.Version, Runs: []sarif.Run{run}}
}

// sarifVersion is the tool's version for the log: the module version
// without its "v", or "0.0.0-devel" for a build that has none (from a
// clone built with -buildvcs=false, as .ci/run builds it), which sorts
// before every release. The SARIF Multitool warns (SARIF2005) when a log
// names no version, and when the version does not start with a number,
// as "(devel)" does: viewers compare versions.
func sarifVersion() string {
	v := version()
	if v == "(devel)" {
		return "0.0.0-devel"
	}
	return strings.TrimPrefix(v, "v")
}

// artifact is the location of a file: relative to the module root when
// it is below it, else an absolute file URI.
func (s *sarifWriter) artifact(name string) sarif.ArtifactLocation {
	if s.root != "" && within(s.root, name) {
		rel, _ := filepath.Rel(s.root, name)
		return sarif.ArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: srcRoot}
	}
	return sarif.ArtifactLocation{URI: fileURI(name)}
}

// fileURI is the file: URI of an absolute path.
func fileURI(name string) string {
	p := filepath.ToSlash(name)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// physical is the location of pos..end.
func (s *sarifWriter) physical(fset *token.FileSet, pos, end token.Pos) *sarif.PhysicalLocation {
	start := fset.Position(pos)
	region := s.region(start, fset.Position(end))
	return &sarif.PhysicalLocation{ArtifactLocation: s.artifact(start.Filename), Region: &region}
}

// region is start..end in SARIF's terms: columns count UTF-16 code units
// where Go's count bytes. An invalid end is the start.
func (s *sarifWriter) region(start, end token.Position) sarif.Region {
	if !end.IsValid() || end.Filename != start.Filename {
		end = start
	}
	return sarif.Region{
		StartLine:   start.Line,
		StartColumn: s.column(start),
		EndLine:     end.Line,
		EndColumn:   s.column(end),
	}
}

// column is p's column in UTF-16 code units, 1-based.
func (s *sarifWriter) column(p token.Position) int {
	return utf16Column(s.read(p.Filename), p.Line, p.Column)
}

// utf16Column turns a byte column of a line of src into a UTF-16 one.
// Where src is missing or shorter than the position, the byte column is
// all there is.
func utf16Column(src []byte, line, col int) int {
	start := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			return col
		}
		start += i + 1
	}
	if start+col-1 > len(src) {
		return col
	}
	n := 1
	for b := src[start : start+col-1]; len(b) > 0; {
		r, size := utf8.DecodeRune(b)
		n += len(utf16.Encode([]rune{r}))
		b = b[size:]
	}
	return n
}

// read returns a file's contents, read once.
func (s *sarifWriter) read(name string) []byte {
	data, ok := s.files[name]
	if !ok {
		data, _ = os.ReadFile(name)
		s.files[name] = data
	}
	return data
}

// fix is a suggested fix as SARIF replacements, grouped by file in the
// order the edits name them.
func (s *sarifWriter) fix(fset *token.FileSet, sf analysis.SuggestedFix) sarif.Fix {
	fix := sarif.Fix{Description: &sarif.Message{Text: sf.Message}}
	byFile := make(map[string]int)
	for _, e := range sf.TextEdits {
		start := fset.Position(e.Pos)
		i, ok := byFile[start.Filename]
		if !ok {
			i = len(fix.ArtifactChanges)
			byFile[start.Filename] = i
			fix.ArtifactChanges = append(fix.ArtifactChanges, sarif.ArtifactChange{ArtifactLocation: s.artifact(start.Filename)})
		}
		end := start
		if e.End.IsValid() {
			end = fset.Position(e.End)
		}
		rep := sarif.Replacement{DeletedRegion: s.region(start, end)}
		if len(e.NewText) > 0 {
			rep.InsertedContent = &sarif.ArtifactContent{Text: string(e.NewText)}
		}
		fix.ArtifactChanges[i].Replacements = append(fix.ArtifactChanges[i].Replacements, rep)
	}
	return fix
}

// fingerprint identifies a finding across runs without its line or
// column, so that inserting or deleting lines elsewhere in the file does
// not change it: the category, the file (relative to the module root),
// the function the finding is in, and the reported code with its white
// space collapsed. Findings alike in all four are told apart by the
// order they come in (the caller appends ":N").
func (s *sarifWriter) fingerprint(f found) string {
	fset := f.act.Package.Fset
	start, end := fset.Position(f.diag.Pos), fset.Position(f.diag.End)
	code := ""
	if src := s.read(start.Filename); end.IsValid() && start.Offset <= end.Offset && end.Offset <= len(src) {
		code = strings.Join(strings.Fields(string(src[start.Offset:end.Offset])), " ")
	}
	file := s.artifact(start.Filename).URI
	h := sha256.New()
	for _, part := range []string{f.diag.Category, file, s.enclosingFunc(f, start), code} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:32]
}

// enclosingFunc names the function declaration that holds the finding,
// from the package's syntax, or from the file's when the finding is not
// in that syntax: its results came from the cache, whose positions are
// in files of their own, also where the package was parsed for a
// package above it.
func (s *sarifWriter) enclosingFunc(f found, start token.Position) string {
	pos := f.diag.Pos
	files := f.act.Package.Syntax
	if !slices.ContainsFunc(files, func(file *ast.File) bool { return file.FileStart <= pos && pos < file.FileEnd }) {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, start.Filename, s.read(start.Filename), parser.SkipObjectResolution)
		if err != nil || start.Offset > fset.File(file.FileStart).Size() {
			return ""
		}
		files, pos = []*ast.File{file}, fset.File(file.FileStart).Pos(start.Offset)
	}
	return enclosingFunc(files, pos)
}

// enclosingFunc names the function declaration that holds pos
// (Recv.Name for a method), or "" at package level.
func enclosingFunc(files []*ast.File, pos token.Pos) string {
	for _, f := range files {
		if pos < f.FileStart || pos >= f.FileEnd {
			continue
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || pos < fd.Pos() || pos >= fd.End() {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) > 0 {
				t := fd.Recv.List[0].Type
				for {
					switch x := t.(type) {
					case *ast.StarExpr:
						t = x.X
						continue
					case *ast.IndexExpr:
						t = x.X
						continue
					case *ast.IndexListExpr:
						t = x.X
						continue
					}
					break
				}
				if id, ok := t.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			return name
		}
	}
	return ""
}

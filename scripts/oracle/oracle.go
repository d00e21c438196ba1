package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// An Observation is what the client saw for one call.
type Observation struct {
	Kind    string // "error" (JSON-RPC), "iserror", "result", "crash"
	Code    int64
	Message string // the error's message, the result's text, or the panic
}

func (o Observation) String() string {
	switch o.Kind {
	case "error":
		return fmt.Sprintf("JSON-RPC error %d %q", o.Code, o.Message)
	case "crash":
		return fmt.Sprintf("crash (%s)", o.Message)
	}
	return fmt.Sprintf("%s %q", o.Kind, o.Message)
}

// protocol says the client did not get a tool result: a JSON-RPC error,
// or the server died.
func (o Observation) protocol() bool { return o.Kind == "error" || o.Kind == "crash" }

// A Diag is one mcperrlint diagnostic.
type Diag struct {
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	Category string `json:"category"`
	Fixes    []any  `json:"suggested_fixes"`
}

// reportCategories are the categories that claim an argument error
// reaches the client as a protocol error.
var reportCategories = map[string]bool{"decode": true, "validate": true, "invalid-params": true}

// WriteModule writes m's files under dir.
func WriteModule(m *Module, dir string) error {
	for _, name := range sortedKeys(m.Files) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, m.Files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// goEnv is the environment of the go commands on generated modules: the
// committed go.mod and go.sum must be complete.
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
}

func command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	return cmd
}

// Observe builds the module's driver into bin and calls every site's
// tool: one observation per site. A call whose panic ends the driver is
// a crash; the driver starts again after it.
func Observe(m *Module, dir, bin string) ([]Observation, error) {
	exe := filepath.Join(bin, "driver")
	if out, err := command(dir, "go", "build", "-o", exe, "./driver").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go build ./driver in %s: %v\n%s", dir, err, out)
	}
	var calls bytes.Buffer
	for _, s := range m.Sites {
		line, err := json.Marshal(map[string]any{"server": s.Tool.Pkg.Name, "tool": s.Tool.Name, "args": s.Args})
		if err != nil {
			return nil, err
		}
		calls.Write(line)
		calls.WriteByte('\n')
	}
	callsFile := filepath.Join(bin, "calls.jsonl")
	if err := os.WriteFile(callsFile, calls.Bytes(), 0o644); err != nil {
		return nil, err
	}
	obs := make([]Observation, len(m.Sites))
	for next := 0; next < len(m.Sites); {
		cmd := command(dir, exe, callsFile, strconv.Itoa(next))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var o struct {
				Index   int    `json:"index"`
				Kind    string `json:"kind"`
				Code    int64  `json:"code"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
				return nil, fmt.Errorf("driver printed %q: %v", sc.Text(), err)
			}
			obs[o.Index] = Observation{Kind: o.Kind, Code: o.Code, Message: o.Message}
			next = o.Index + 1
		}
		err = cmd.Wait()
		if err == nil {
			break
		}
		// The call at next ended the process: a panic nothing recovered.
		// The panic's line follows what the server logged before.
		var panicLine string
		for _, l := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(l, "panic: ") {
				panicLine = l
				break
			}
		}
		if panicLine == "" {
			return nil, fmt.Errorf("driver stopped at call %d (%s) without a panic: %v\n%s", next, m.Sites[next].ID, err, stderr.String())
		}
		obs[next] = Observation{Kind: "crash", Message: strings.TrimPrefix(panicLine, "panic: ")}
		next++
	}
	return obs, nil
}

var markerRE = regexp.MustCompile(`// @(\d+)$`)

// Markers maps each marker ID to its "file:line" in dir.
func Markers(dir string) (map[int]string, error) {
	lines := map[int]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for i, l := range strings.Split(string(data), "\n") {
			if mm := markerRE.FindStringSubmatch(l); mm != nil {
				id, _ := strconv.Atoi(mm[1])
				lines[id] = filepath.ToSlash(rel) + ":" + strconv.Itoa(i+1)
			}
		}
		return nil
	})
	return lines, err
}

// Lint runs mcperrlint -json on the module in dir and returns its
// diagnostics by "file:line".
func Lint(bin, dir string) (map[string][]Diag, error) {
	cmd := command(dir, bin, "-json", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		return nil, fmt.Errorf("mcperrlint -json: %v\n%s", err, stderr.String())
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		return nil, fmt.Errorf("parsing mcperrlint -json: %v\n%s", err, out)
	}
	diags := map[string][]Diag{}
	for _, analyzers := range tree {
		raw, ok := analyzers["mcperrlint"]
		if !ok {
			if e, ok := analyzers["error"]; ok {
				return nil, fmt.Errorf("mcperrlint: %s", e)
			}
			continue
		}
		var ds []Diag
		if err := json.Unmarshal(raw, &ds); err != nil {
			return nil, err
		}
		for _, d := range ds {
			rel, err := filepath.Rel(dir, d.Posn)
			if err != nil {
				return nil, err
			}
			parts := strings.Split(filepath.ToSlash(rel), ":")
			key := parts[0] + ":" + parts[1]
			diags[key] = append(diags[key], d)
		}
	}
	return diags, nil
}

// A Judged site: its truth by the observation, the linter's verdict,
// and what the fix did.
type Judged struct {
	Module  *Module
	Site    *Site
	Obs     Observation
	Truth   bool     // report: a protocol error or crash of an argument error
	Verdict bool     // mcperrlint reports a line of the site's chain
	Chain   []string // the chain's lines
	Lines   []string // the chain's lines judged (after the shared-line rules)
	Diags   []Diag   // the diagnostics on them
	Problem string   // the call did not reach the site as generated
	After   *Observation
	FixBad  string // what is wrong with the observation after -fix
}

// Agrees says the verdict is the truth.
func (j *Judged) Agrees() bool { return j.Truth == j.Verdict }

// Judge compares the observations with mcperrlint's diagnostics.
func Judge(m *Module, obs []Observation, markers map[int]string, diags map[string][]Diag) []*Judged {
	js := make([]*Judged, len(m.Sites))
	for i, s := range m.Sites {
		o := obs[i]
		j := &Judged{Module: m, Site: s, Obs: o, Truth: o.protocol() && s.Arg()}
		switch {
		case s.NeverFails && o.Kind != "result":
			j.Problem = "a call with valid arguments failed: " + o.String()
		case !s.NeverFails && o.Kind == "result":
			j.Problem = "the call succeeded: " + o.String()
		case !s.NeverFails && s.Assert && o.Kind != "crash" && !strings.Contains(o.Message, "interface conversion"):
			j.Problem = "the assertion did not panic: " + o.String()
		case !s.NeverFails && !s.Assert && s.Expect != "" && !strings.Contains(o.Message, s.Expect):
			j.Problem = fmt.Sprintf("the client's text has no %q: %s", s.Expect, o)
		}
		js[i] = j
	}
	// A line shared by sites that should be reported and sites that
	// should not (a forwarding return of a helper with both) is judged
	// only for the former: a report there is right. And a line shared
	// by an argument error and a non-argument one is not judged for the
	// latter: what the line carries is the former's question.
	reportable, argument := map[int]bool{}, map[int]bool{}
	for _, j := range js {
		for _, id := range j.Site.Chain {
			if j.Truth {
				reportable[id] = true
			}
			if j.Site.Arg() {
				argument[id] = true
			}
		}
	}
	for _, j := range js {
		for _, id := range j.Site.Chain {
			j.Chain = append(j.Chain, markers[id])
			if !j.Truth && reportable[id] || !j.Site.Arg() && argument[id] {
				continue
			}
			line := markers[id]
			j.Lines = append(j.Lines, line)
			for _, d := range diags[line] {
				if reportCategories[d.Category] {
					j.Diags = append(j.Diags, d)
					j.Verdict = true
				}
			}
		}
	}
	return js
}

// line returns the text of "file:line" in m.
func (m *Module) line(fileLine string) string {
	file, n, _ := strings.Cut(fileLine, ":")
	i, _ := strconv.Atoi(n)
	lines := strings.Split(string(m.Files[file]), "\n")
	if i < 1 || i > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[i-1])
}

// Stray are the reports on lines no site's chain names.
func Stray(m *Module, markers map[int]string, diags map[string][]Diag) []string {
	chained := map[string]bool{}
	for _, s := range m.Sites {
		for _, id := range s.Chain {
			chained[markers[id]] = true
		}
	}
	var out []string
	for _, line := range sortedKeys(diags) {
		if chained[line] {
			continue
		}
		for _, d := range diags[line] {
			if reportCategories[d.Category] {
				out = append(out, fmt.Sprintf("%s: [%s] %s", line, d.Category, d.Message))
			}
		}
	}
	return out
}

// JudgeFix compares what the client saw before and after mcperrlint -fix.
// A site whose chain has a line with a fix must now give an IsError
// result with the text of its protocol error (a panic's text is the
// fix's own); a fix on a line shared with other sites (a helper's
// forwarding return) converts their protocol errors too, which must keep
// their text as well. Every other observation must not change.
func JudgeFix(js []*Judged, markers map[int]string, diags map[string][]Diag, after []Observation) {
	fixedLine := map[string]bool{}
	for line, ds := range diags {
		for _, d := range ds {
			if reportCategories[d.Category] && len(d.Fixes) > 0 {
				fixedLine[line] = true
			}
		}
	}
	for i, j := range js {
		a := after[i]
		j.After = &a
		fixed := slices.ContainsFunc(j.Site.Chain, func(id int) bool { return fixedLine[markers[id]] })
		b := j.Obs
		switch {
		case fixed && b.protocol():
			switch {
			case a.Kind != "iserror":
				j.FixBad = "fixed, but the client got " + a.String()
			case !j.Site.Assert && b.Kind == "error" && !strings.Contains(b.Message, a.Message):
				j.FixBad = fmt.Sprintf("fixed, but the IsError text %q is not the error's %q", a.Message, b.Message)
			}
		case a != b:
			j.FixBad = fmt.Sprintf("changed by -fix: %s, then %s", b, a)
		}
	}
}

// copyTree copies the directory src to dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// Package gen writes synthetic MCP server modules for mcperrlint's
// benchmarks: N tool handlers spread over packages of bounded size, half
// of the packages on github.com/modelcontextprotocol/go-sdk v1.8.0 (raw
// and typed handlers) and half on github.com/mark3labs/mcp-go v1.2.1,
// mixing correct handlers, decode errors, validation errors, InvalidParams
// errors, forwarded helpers and a generic wrapper, with a non-MCP backend
// package the handlers call and a server package that registers them all.
//
// Every return the analyzer must report carries an analysistest want
// comment, and [Summary.Want] counts them by category, so a test can prove
// that the generated cases are real. Output depends only on the [Config]:
// the same configuration always yields the same bytes.
//
// It is a tool of this repository (go run ./scripts/gen/genmod), not an API.
package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Config says what to generate. Zero fields take their defaults.
type Config struct {
	// Handlers is the number of tool handlers (registered functions,
	// methods or literals with a handler's signature).
	Handlers int

	// PerPackage bounds the handlers in one package (default 50), so
	// that per-package work stays realistic as Handlers grows.
	PerPackage int

	// PerFile is the number of handlers in one file (default 5).
	PerFile int

	// Module is the module path (default example.com/mcpbench).
	Module string
}

// Defaults of Config.
const (
	DefaultPerPackage = 50
	DefaultPerFile    = 5
	DefaultModule     = "example.com/mcpbench"
)

func (c Config) withDefaults() Config {
	if c.PerPackage <= 0 {
		c.PerPackage = DefaultPerPackage
	}
	if c.PerFile <= 0 {
		c.PerFile = DefaultPerFile
	}
	if c.Module == "" {
		c.Module = DefaultModule
	}
	return c
}

// Summary describes a generated module.
type Summary struct {
	Handlers int // tool handlers, as configured
	Packages int // packages holding handlers (each also registers them)
	Files    int // Go files in the module

	// Want counts the diagnostics mcperrlint must report with its default
	// configuration, by category (decode, validate, invalid-params).
	Want map[string]int
}

// Total returns the number of diagnostics the module must yield.
func (s *Summary) Total() int {
	n := 0
	for _, c := range s.Want {
		n += c
	}
	return n
}

// Generate returns the files of the module described by cfg, keyed by
// slash-separated path relative to the module root.
func Generate(cfg Config) (map[string][]byte, *Summary, error) {
	cfg = cfg.withDefaults()
	if cfg.Handlers <= 0 {
		return nil, nil, fmt.Errorf("gen: Handlers = %d, want > 0", cfg.Handlers)
	}
	g := &generator{cfg: cfg, files: make(map[string][]byte), sum: &Summary{Handlers: cfg.Handlers, Want: make(map[string]int)}}
	if err := g.module(); err != nil {
		return nil, nil, err
	}
	g.sum.Files = 0
	for name := range g.files {
		if strings.HasSuffix(name, ".go") {
			g.sum.Files++
		}
	}
	return g.files, g.sum, nil
}

// Write generates the module described by cfg into dir, which it creates
// if needed; existing files of the same names are overwritten.
func Write(dir string, cfg Config) (*Summary, error) {
	files, sum, err := Generate(cfg)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return nil, err
		}
	}
	return sum, nil
}

type generator struct {
	cfg   Config
	files map[string][]byte
	sum   *Summary
}

// sdkKind is the SDK a generated package is written against.
type sdkKind int

const (
	goSDK sdkKind = iota
	mcpGo
)

// pkgSDK alternates SDKs by package, so both are always present.
func pkgSDK(p int) sdkKind { return sdkKind(p % 2) }

func (g *generator) module() error {
	g.files["go.mod"] = []byte(strings.ReplaceAll(goMod, "MODULE", g.cfg.Module))
	g.files["go.sum"] = []byte(goSum)
	backendDoc := "Package backend is the service the generated tools call. Its errors\n// are business errors (not found, cancelled), never argument errors."
	if err := g.goFile("internal/backend/backend.go", "backend", backendDoc, backendSrc, goSDK); err != nil {
		return err
	}

	npkg := (g.cfg.Handlers + g.cfg.PerPackage - 1) / g.cfg.PerPackage
	g.sum.Packages = npkg
	for p := range npkg {
		first := p * g.cfg.PerPackage
		last := min(first+g.cfg.PerPackage, g.cfg.Handlers)
		if err := g.toolPackage(p, first, last); err != nil {
			return err
		}
	}
	return g.serverPackage(npkg)
}

func pkgName(p int) string { return fmt.Sprintf("t%04d", p) }

// toolPackage writes package p with handlers first..last-1.
func (g *generator) toolPackage(p, first, last int) error {
	name := pkgName(p)
	dir := "tools/" + name + "/"
	sdk := pkgSDK(p)
	common, variants := gosdkCommon, gosdkVariants
	if sdk == mcpGo {
		common, variants = mcpgoCommon, mcpgoVariants
	}
	doc := fmt.Sprintf("Package %s holds generated %s tools.", name, [...]string{goSDK: "go-sdk", mcpGo: "mcp-go"}[sdk])
	if err := g.goFile(dir+"common.go", name, doc, common, sdk); err != nil {
		return err
	}
	var register strings.Builder
	for start := first; start < last; start += g.cfg.PerFile {
		var body strings.Builder
		for i := start; i < min(start+g.cfg.PerFile, last); i++ {
			v := variants[(i-first)%len(variants)]
			id := fmt.Sprintf("%05d", i)
			body.WriteString(strings.ReplaceAll(v.src, "NNN", id))
			body.WriteString("\n")
			register.WriteString("\t" + strings.ReplaceAll(v.register, "NNN", id) + "\n")
			for _, cat := range v.want {
				g.sum.Want[cat]++
			}
		}
		file := fmt.Sprintf("%stools%05d.go", dir, start)
		if err := g.goFile(file, name, "", body.String(), sdk); err != nil {
			return err
		}
	}
	param := "s *mcp.Server"
	if sdk == mcpGo {
		param = "s *server.MCPServer"
	}
	reg := fmt.Sprintf("// Register adds the package's tools to s.\nfunc Register(%s) {\n%s}\n", param, register.String())
	return g.goFile(dir+"register.go", name, "", reg, sdk)
}

// serverPackage writes the package that registers every tool package.
func (g *generator) serverPackage(npkg int) error {
	var imports, body strings.Builder
	for p := range npkg {
		fmt.Fprintf(&imports, "\t%q\n", g.cfg.Module+"/tools/"+pkgName(p))
		s := "gs"
		if pkgSDK(p) == mcpGo {
			s = "ms"
		}
		fmt.Fprintf(&body, "\t%s.Register(%s)\n", pkgName(p), s)
	}
	src := fmt.Sprintf(`// Package server builds the servers of every generated tool package.
package server

import (
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

%s)

// New returns a go-sdk server and an mcp-go server with every tool registered.
func New() (*mcp.Server, *mcpgoserver.MCPServer) {
	gs := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v1.0.0"}, nil)
	ms := mcpgoserver.NewMCPServer("bench", "1.0.0", mcpgoserver.WithToolCapabilities(true))
%s	return gs, ms
}
`, imports.String(), body.String())
	return g.format("server/server.go", []byte(src))
}

// knownImports are the packages generated code may use, by the selector
// that reveals a use.
var knownImports = []struct{ selector, path string }{
	{"context.", "context"},
	{"json.", "encoding/json"},
	{"errors.", "errors"},
	{"fmt.", "fmt"},
	{"log.", "log"},
	{"strconv.", "strconv"},
	{"strings.", "strings"},
	{"sync.", "sync"},
	{"time.", "time"},
	{"jsonrpc.", "github.com/modelcontextprotocol/go-sdk/jsonrpc"},
	{"mcp.", ""}, // by SDK, below
	{"server.", "github.com/mark3labs/mcp-go/server"},
	{"backend.", "MODULE/internal/backend"},
}

// goFile writes a Go file of package pkg with body, importing what the
// body uses (mcp. meaning sdk's mcp package), in gofmt's form. A non-empty
// doc is the package's doc comment, without its leading "// ".
func (g *generator) goFile(name, pkg, doc, body string, sdk sdkKind) error {
	mcpPath := "github.com/modelcontextprotocol/go-sdk/mcp"
	if sdk == mcpGo {
		mcpPath = "github.com/mark3labs/mcp-go/mcp"
	}
	var std, third, local []string
	for _, imp := range knownImports {
		if !usesSelector(body, imp.selector) {
			continue
		}
		path := strings.ReplaceAll(imp.path, "MODULE", g.cfg.Module)
		switch {
		case imp.selector == "mcp.":
			third = append(third, mcpPath)
		case strings.HasPrefix(path, g.cfg.Module+"/"):
			local = append(local, path)
		case strings.Contains(path, "."):
			third = append(third, path)
		default:
			std = append(std, path)
		}
	}
	var b bytes.Buffer
	b.WriteString(header)
	if doc != "" {
		b.WriteString("// " + doc + "\n")
	}
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	if groups := nonEmpty(std, third, local); len(groups) > 0 {
		b.WriteString("import (\n")
		for i, group := range groups {
			if i > 0 {
				b.WriteString("\n")
			}
			slices.Sort(group)
			for _, path := range group {
				fmt.Fprintf(&b, "\t%q\n", path)
			}
		}
		b.WriteString(")\n\n")
	}
	b.WriteString(body)
	return g.format(name, b.Bytes())
}

// usesSelector reports whether body refers to an exported name through
// sel ("fmt."): not as the tail of a longer identifier ("json." in
// "rawjson.X"), nor at the end of a sentence in a comment ("errors. ").
func usesSelector(body, sel string) bool {
	for i := 0; ; {
		j := strings.Index(body[i:], sel)
		if j < 0 {
			return false
		}
		at := i + j
		next := at + len(sel)
		if (at == 0 || !isIdentByte(body[at-1]) && body[at-1] != '.') && next < len(body) && 'A' <= body[next] && body[next] <= 'Z' {
			return true
		}
		i = next
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func nonEmpty(groups ...[]string) [][]string {
	var out [][]string
	for _, g := range groups {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// format gofmts src (which also proves it parses) and stores it.
func (g *generator) format(name string, src []byte) error {
	out, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("gen: %s: %v\n%s", name, err, src)
	}
	g.files[name] = out
	return nil
}

const header = "// This file was written by mcperrlint's scripts/gen for its benchmarks.\n\n"

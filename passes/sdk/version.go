package sdk

import (
	"bufio"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Version returns the version of the SDK module in the build, read from
// where its source lives: in module mode every driver (the standalone
// command, go vet, golangci-lint) records positions under the module
// cache directory path@version, and a vendored build names the version
// in vendor/modules.txt. ok is false when neither tells (a replace by a
// local directory, GOPATH mode): callers then assume nothing.
func (b *Binding) Version(fset *token.FileSet) (version string, ok bool) {
	obj := b.MCP.Scope().Lookup(b.Descriptor.Request)
	if obj == nil || !obj.Pos().IsValid() {
		return "", false
	}
	file := filepath.ToSlash(fset.Position(obj.Pos()).Filename)
	escaped, err := module.EscapePath(b.Module)
	if err != nil {
		return "", false
	}
	at := regexp.MustCompile(`(?:^|/)` + regexp.QuoteMeta(escaped) + `@(v[^/]+)/`)
	if m := at.FindStringSubmatch(file); m != nil {
		v, err := module.UnescapeVersion(m[1])
		return v, err == nil && semver.IsValid(v)
	}
	if i := strings.LastIndex(file, "/vendor/"+b.Module+"/"); i >= 0 {
		return vendoredVersion(filepath.FromSlash(file[:i]+"/vendor/modules.txt"), b.Module)
	}
	return "", false
}

// vendoredVersion reads a module's version from vendor/modules.txt, whose
// lines look like "# path version" or "# path version => replacement".
func vendoredVersion(modulesTxt, path string) (string, bool) {
	f, err := os.Open(modulesTxt)
	if err != nil {
		return "", false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 || fields[0] != "#" || fields[1] != path {
			continue
		}
		version := fields[2]
		if len(fields) >= 6 && fields[3] == "=>" {
			version = fields[5] // replaced by another module version
		} else if len(fields) > 3 {
			return "", false // replaced by a directory
		}
		return version, semver.IsValid(version)
	}
	return "", false
}

// Older reports whether version precedes before, both semantic versions.
func Older(version, before string) bool {
	return semver.Compare(version, before) < 0
}

package mcpssa

import (
	"os"
	"path/filepath"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/passes/sdk"
)

// sdkMayBeInBuild reports whether an MCP SDK may be part of the build
// that the package belongs to. Only then can the summaries of a package
// that does not see an SDK itself matter: some other package of the build
// must see one and call into it.
//
// It is false only where that is certain: the package belongs to the main
// module, with no workspace, and the main module's go.mod (at go 1.17 or
// later, which lists every module that provides a package to the build)
// names no SDK module. Everything else, GOPATH mode included, may hold an
// SDK.
func sdkMayBeInBuild(pass *analysis.Pass) bool {
	m := pass.Module
	if m == nil || m.Path == "" || m.Replace != nil || len(pass.Files) == 0 {
		return true
	}
	if w := os.Getenv("GOWORK"); w != "" && w != "off" {
		return true
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].FileStart).Name())
	var gomod string
	var info os.FileInfo
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return true
		}
		if gomod == "" {
			if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				gomod, info = filepath.Join(dir, "go.mod"), fi
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return gomod == "" || mayRequireSDK(gomod, info, m.Path)
}

// modCache holds what mayRequireSDK found in each go.mod file, keyed by
// path and checked against the file's size and modification time, so that
// a long-running analysis (the language server) sees edits.
var modCache sync.Map // string -> modEntry

type modEntry struct {
	info   os.FileInfo
	result bool
}

// mayRequireSDK reports whether the go.mod file at path, which must be
// that of module modPath, may bring an SDK into the build.
func mayRequireSDK(path string, info os.FileInfo, modPath string) bool {
	if e, ok := modCache.Load(path); ok {
		e := e.(modEntry)
		if e.info.Size() == info.Size() && e.info.ModTime().Equal(info.ModTime()) {
			return e.result
		}
	}
	result := true
	if data, err := os.ReadFile(path); err == nil {
		if f, err := modfile.Parse(path, data, nil); err == nil {
			result = namesSDK(f, modPath)
		}
	}
	modCache.Store(path, modEntry{info, result})
	return result
}

// namesSDK reports whether f, the go.mod of module modPath, may bring an
// SDK into the build: it is not modPath's, it predates module graph
// pruning, or it is an SDK's or requires or replaces one.
func namesSDK(f *modfile.File, modPath string) bool {
	if f.Module == nil || f.Module.Mod.Path != modPath {
		return true
	}
	if f.Go == nil || semver.Compare("v"+f.Go.Version, "v1.17") < 0 {
		return true
	}
	if sdk.InSDK(modPath) {
		return true
	}
	for _, r := range f.Require {
		if sdk.InSDK(r.Mod.Path) {
			return true
		}
	}
	for _, r := range f.Replace {
		if sdk.InSDK(r.Old.Path) || sdk.InSDK(r.New.Path) {
			return true
		}
	}
	return false
}

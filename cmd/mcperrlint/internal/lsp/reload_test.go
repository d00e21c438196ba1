package lsp

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// messagesOf analyzes the package of path in ws with a, and returns the
// messages it publishes, over all the package's files, sorted, and the
// analysis's error.
func messagesOf(t *testing.T, ws *workspace, path string) ([]string, error) {
	t.Helper()
	a, _ := labelAnalyzer()
	res := ws.analyze(context.Background(), a, nil, path, func(p string) string { return p }, nil)
	var got []string
	for _, fr := range res.files {
		for _, d := range fr.diags {
			got = append(got, d.lsp.Message)
		}
	}
	slices.Sort(got)
	return got, res.err
}

// TestSaveExcludesFile adds a //go:build line that excludes a file of the
// package saved: its findings must go, as they would after a new load,
// and come back when the line goes.
func TestSaveExcludesFile(t *testing.T) {
	dir := t.TempDir()
	const extra = "package top\n\nimport \"example.com/m/below\"\n\nvar _ = below.Extra()\n"
	writeFiles(t, dir, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		"below/below.go": "package below\n\nfunc Name() string { return \"name\" }\n\nfunc Extra() string { return \"extra\" }\n",
		"top/top.go":     "package top\n\nimport \"example.com/m/below\"\n\nvar _ = below.Name()\n",
		"top/extra.go":   extra,
	})
	ws := &workspace{}
	top := filepath.Join(dir, "top", "top.go")
	steps := []struct {
		name, extra string
		want        []string
	}{
		{"open", extra, []string{"calls extra", "calls name"}},
		{"a //go:build line that excludes extra.go", "//go:build ignore\n\n" + extra, []string{"calls name"}},
		{"the line removed", extra, []string{"calls extra", "calls name"}},
		{"a // +build line that excludes extra.go", "// +build ignore\n\n" + extra, []string{"calls name"}},
	}
	for _, step := range steps {
		writeFiles(t, dir, map[string]string{"top/extra.go": step.extra})
		got, err := messagesOf(t, ws, top)
		if err != nil || !slices.Equal(got, step.want) {
			t.Errorf("%s: %q, %v; want %q", step.name, got, err, step.want)
		}
	}
}

// TestSaveUnderVendor edits a vendored package that the package analyzed
// imports, read from export data: its new API must be seen, as after a
// new load (here, the package no longer compiles and has no findings).
func TestSaveUnderVendor(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":                      "module example.com/m\n\ngo 1.26\n\nrequire example.com/dep v1.0.0\n",
		"vendor/modules.txt":          "# example.com/dep v1.0.0\n## explicit; go 1.26\nexample.com/dep\n",
		"vendor/example.com/dep/d.go": "package dep\n\nfunc Limit() int { return 10 }\n",
		"below/below.go":              "package below\n\nfunc Name() string { return \"name\" }\n",
		"top/top.go":                  "package top\n\nimport (\n\t\"example.com/dep\"\n\t\"example.com/m/below\"\n)\n\nvar _ = below.Name()\n\nvar _ = dep.Limit()\n",
	})
	ws := &workspace{}
	top := filepath.Join(dir, "top", "top.go")
	if got, err := messagesOf(t, ws, top); err != nil || !slices.Equal(got, []string{"calls name"}) {
		t.Fatalf("open: %q, %v; want the finding (the test's premise)", got, err)
	}
	writeFiles(t, dir, map[string]string{"vendor/example.com/dep/d.go": "package dep\n\nfunc Max() int { return 10 }\n"})
	got, err := messagesOf(t, ws, top)
	if err == nil || len(got) > 0 {
		t.Errorf("after dep.Limit was renamed under vendor/: %q, %v; want no findings and an error (top no longer compiles)", got, err)
	}
	want, wantErr := messagesOf(t, &workspace{}, top)
	if !slices.Equal(got, want) || (err == nil) != (wantErr == nil) {
		t.Errorf("after the edit under vendor/: %q, %v; a new load says %q, %v", got, err, want, wantErr)
	}
}

// TestSaveKeepsSizeAndTime edits a file the way a tool that keeps
// modification times does (cp -p, rsync -t, tar x), or two saves within
// a coarse file system's tick: same size, same modification time. The
// edit must be seen.
func TestSaveKeepsSizeAndTime(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		"below/below.go": "package below\n\nfunc Name() string { return \"old\" }\n",
		"top/top.go":     "package top\n\nimport \"example.com/m/below\"\n\nvar _ = below.Name()\n",
	})
	ws := &workspace{}
	top := filepath.Join(dir, "top", "top.go")
	if got, err := messagesOf(t, ws, top); err != nil || !slices.Equal(got, []string{"calls old"}) {
		t.Fatalf("open: %q, %v; want the finding (the test's premise)", got, err)
	}
	for _, edit := range []struct{ file, text, want string }{
		{"below/below.go", "package below\n\nfunc Name() string { return \"new\" }\n", "calls new"}, // the package below
		{"top/top.go", "package top\n\nimport \"example.com/m/below\"\n\nvar x = below.Name()\n", "calls new"},
		{"below/below.go", "package below\n\nfunc Name() string { return \"old\" }\n", "calls old"},
	} {
		path := filepath.Join(dir, filepath.FromSlash(edit.file))
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() != int64(len(edit.text)) {
			t.Fatalf("%s: the edit changes the size", edit.file)
		}
		writeFiles(t, dir, map[string]string{edit.file: edit.text})
		if err := os.Chtimes(path, time.Time{}, fi.ModTime()); err != nil {
			t.Fatal(err)
		}
		if got, err := messagesOf(t, ws, top); err != nil || !slices.Equal(got, []string{edit.want}) {
			t.Errorf("after a same-size, same-time edit of %s: %q, %v; want %q", edit.file, got, err, edit.want)
		}
	}
}

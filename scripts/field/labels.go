package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A server is one pinned checkout of a public MCP server and its labels,
// read from one file of the corpus.
type server struct {
	id     string // the label file's name without .txt
	file   string // the label file
	repo   string // owner/name
	commit string // full 40-hex commit
	dir    string // module directory inside the checkout
	sdk    string
	clean  bool
	notes  []string
	// files, when not nil, are the only files the labels cover; reports
	// elsewhere are not scored.
	files  map[string]bool
	labels map[siteKey]*label
}

// A siteKey names a return statement by its file (relative to the module
// directory, slash-separated) and the line of its return keyword.
type siteKey struct {
	file string
	line int
}

func (k siteKey) String() string { return fmt.Sprintf("%s:%d", k.file, k.line) }

// A label is the verdict of a reader on one return statement.
type label struct {
	site    siteKey
	origin  string
	verdict string // "report" or "silent"
	reason  string
	lineNo  int // in the label file
}

var origins = []string{"decode", "validate", "invalid-params", "api", "nil", "request"}

// checkoutName is the directory a server's checkout must have under the
// -checkouts directory.
func (s *server) checkoutName() string {
	return strings.ReplaceAll(s.repo, "/", "+") + "@" + s.commit
}

// covered reports whether reports in file are scored.
func (s *server) covered(file string) bool {
	return s.files == nil || s.files[file]
}

// stripComment removes a trailing comment: a '#' at the start of the line,
// or one preceded by white space and followed by white space or the end
// of the line. So "PR #2488" in a note or reason is text, not a comment.
func stripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] != '#' {
			continue
		}
		before := i == 0 || line[i-1] == ' ' || line[i-1] == '\t'
		after := i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t'
		if i == 0 || before && after {
			return line[:i]
		}
	}
	return line
}

// readCorpus reads every *.txt file of dir, sorted by name.
func readCorpus(dir string) ([]*server, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no label files (*.txt) in %s", dir)
	}
	slices.Sort(paths)
	var servers []*server
	for _, p := range paths {
		s, err := readLabels(p)
		if err != nil {
			return nil, err
		}
		servers = append(servers, s)
	}
	return servers, nil
}

// readLabels parses one label file (format: scripts/field/README.md).
func readLabels(path string) (*server, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &server{
		id:     strings.TrimSuffix(filepath.Base(path), ".txt"),
		file:   path,
		dir:    ".",
		labels: make(map[siteKey]*label),
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	errorf := func(format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", path, n, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		n++
		line := strings.TrimSpace(stripComment(sc.Text()))
		if line == "" {
			continue
		}
		if key, val, ok := headerLine(line); ok {
			switch key {
			case "repo":
				s.repo = val
			case "commit":
				s.commit = val
			case "dir":
				s.dir = filepath.ToSlash(filepath.Clean(val))
			case "sdk":
				s.sdk = val
			case "clean":
				b, err := strconv.ParseBool(val)
				if err != nil {
					return nil, errorf("clean: %v", err)
				}
				s.clean = b
			case "note":
				s.notes = append(s.notes, val)
			case "files":
				if s.files == nil {
					s.files = make(map[string]bool)
				}
				for _, file := range strings.Fields(val) {
					s.files[filepath.ToSlash(filepath.Clean(file))] = true
				}
			}
			continue
		}
		l, err := labelLine(line)
		if err != nil {
			return nil, errorf("%v", err)
		}
		l.lineNo = n
		if old, ok := s.labels[l.site]; ok {
			return nil, errorf("%s is labeled twice (first on line %d)", l.site, old.lineNo)
		}
		s.labels[l.site] = l
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	n = 0
	switch {
	case s.repo == "" || strings.Count(s.repo, "/") != 1:
		return nil, errorf("missing or malformed repo: owner/name")
	case len(s.commit) != 40 || strings.Trim(s.commit, "0123456789abcdef") != "":
		return nil, errorf("commit must be 40 lower-case hex digits, got %q", s.commit)
	}
	if s.files != nil {
		for k, l := range s.labels {
			if !s.files[k.file] {
				return nil, fmt.Errorf("%s:%d: %s is outside the files: header", path, l.lineNo, k.file)
			}
		}
	}
	return s, nil
}

// headerLine splits "key: value" for the known header keys.
func headerLine(line string) (key, val string, ok bool) {
	key, val, ok = strings.Cut(line, ":")
	if !ok {
		return "", "", false
	}
	switch key {
	case "repo", "commit", "dir", "sdk", "clean", "note", "files":
		return key, strings.TrimSpace(val), true
	}
	return "", "", false
}

// labelLine parses "<path>:<line> <origin> <verdict> [reason]".
func labelLine(line string) (*label, error) {
	fields := strings.Fields(line)
	if len(fields) < 3 {
		return nil, fmt.Errorf("want <path>:<line> <origin> <verdict> [reason], got %q", line)
	}
	i := strings.LastIndex(fields[0], ":")
	if i < 0 {
		return nil, fmt.Errorf("want <path>:<line>, got %q", fields[0])
	}
	n, err := strconv.Atoi(fields[0][i+1:])
	if err != nil || n <= 0 {
		return nil, fmt.Errorf("bad line number in %q", fields[0])
	}
	l := &label{
		site:    siteKey{filepath.ToSlash(filepath.Clean(fields[0][:i])), n},
		origin:  fields[1],
		verdict: fields[2],
	}
	if !slices.Contains(origins, l.origin) {
		return nil, fmt.Errorf("unknown origin %q (want one of %s)", l.origin, strings.Join(origins, ", "))
	}
	if l.verdict != "report" && l.verdict != "silent" {
		return nil, fmt.Errorf("verdict must be report or silent, got %q", l.verdict)
	}
	// The reason is the rest of the line after the verdict, spaces kept.
	rest := line
	for range 3 {
		rest = strings.TrimLeft(rest, " \t")
		rest = rest[strings.IndexAny(rest+" ", " \t"):]
	}
	l.reason = strings.TrimSpace(rest)
	return l, nil
}

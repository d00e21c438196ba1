// Package ghactions writes GitHub Actions workflow commands that annotate
// source lines: `::error file=F,line=L,col=C,title=T::message`. A step
// that prints them marks the lines in the pull request's diff and in the
// run's summary, with no upload step.
//
// The escaping is that of GitHub's actions/toolkit (issueCommand in
// @actions/core): in the message, '%', '\r' and '\n' become %25, %0D and
// %0A; in a property value, ':' and ',' too (%3A, %2C), since they
// separate the properties.
package ghactions

import (
	"fmt"
	"io"
	"strings"
)

// Levels of an annotation, the workflow commands' names.
const (
	Error   = "error"
	Warning = "warning"
	Notice  = "notice"
)

// An Annotation is one workflow command. A zero Line, Col, EndLine or
// EndColumn, and an empty File or Title, are left out.
type Annotation struct {
	Level     string // Error, Warning or Notice
	File      string // relative to the repository root, with forward slashes
	Line      int
	Col       int
	EndLine   int
	EndColumn int
	Title     string
	Message   string
}

// String is the annotation's workflow command, without a newline.
func (a Annotation) String() string {
	var props []string
	add := func(key, value string) {
		props = append(props, key+"="+EscapeProperty(value))
	}
	if a.File != "" {
		add("file", a.File)
	}
	num := func(key string, n int) {
		if n > 0 {
			add(key, fmt.Sprint(n))
		}
	}
	num("line", a.Line)
	num("endLine", a.EndLine)
	num("col", a.Col)
	num("endColumn", a.EndColumn)
	if a.Title != "" {
		add("title", a.Title)
	}
	cmd := "::" + a.Level
	if len(props) > 0 {
		cmd += " " + strings.Join(props, ",")
	}
	return cmd + "::" + EscapeData(a.Message)
}

// Write writes each annotation on a line of its own.
func Write(w io.Writer, annotations []Annotation) error {
	var b strings.Builder
	for _, a := range annotations {
		b.WriteString(a.String())
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// EscapeData escapes a workflow command's message.
func EscapeData(s string) string {
	return dataEscaper.Replace(s)
}

// EscapeProperty escapes the value of a workflow command's property.
func EscapeProperty(s string) string {
	return propertyEscaper.Replace(s)
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

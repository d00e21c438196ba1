//go:build !unix

package main

import "os/exec"

// setProcessGroup does nothing here: a timeout kills only the direct child.
func setProcessGroup(cmd *exec.Cmd) {}

//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts cmd in its own process group and makes a canceled
// context kill the whole group: the go command and the linter start
// compilers and other tools that would outlive a plain Kill.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

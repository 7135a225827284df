//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// setGroup puts the command in its own process group, killed as one
// when the command's context ends.
func setGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
}

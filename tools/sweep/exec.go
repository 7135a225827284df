package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"time"
)

// cmdOut is what a finished command printed and cost.
type cmdOut struct {
	stdout, stderr []byte
	exit           int
	wall, cpu      float64 // seconds; cpu is user+system of the whole process tree
}

// command runs name in dir and waits for it; a non-zero exit is not an
// error (out.exit says it), failing to start is. On ctx's end the whole
// process group is killed: go vet's tool runs too.
func command(ctx context.Context, dir, name string, args ...string) (*cmdOut, error) {
	c := exec.CommandContext(ctx, name, args...)
	c.Dir = dir
	// GOTOOLCHAIN=local: a module that needs a newer Go is skipped, not
	// the reason to download a toolchain; GOWORK=off: no go.work above
	// the work directory changes what is built.
	c.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off")
	setGroup(c)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	start := time.Now()
	err := c.Run()
	res := &cmdOut{stdout: out.Bytes(), stderr: errb.Bytes(), wall: time.Since(start).Seconds()}
	if c.ProcessState != nil {
		// The rusage of a waited-for child includes its own waited-for
		// children: go vet and every tool run under it.
		res.cpu = (c.ProcessState.UserTime() + c.ProcessState.SystemTime()).Seconds()
	}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		res.exit = ee.ExitCode()
	case err != nil:
		return res, err
	}
	return res, nil
}

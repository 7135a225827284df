package main

import (
	"os"
	"path/filepath"
	"testing"
)

// GNU time 1.9 -v output, as the bench reads it.
const timeOutput = `	Command being timed: "go vet ./..."
	User time (seconds): 101.25
	System time (seconds): 10.87
	Percent of CPU this job got: 166%
	Elapsed (wall clock) time (h:mm:ss or m:ss): 1:07.48
	Average shared text size (kbytes): 0
	Maximum resident set size (kbytes): 163052
	Exit status: 1
`

func TestParseTime(t *testing.T) {
	f := filepath.Join(t.TempDir(), "time")
	os.WriteFile(f, []byte(timeOutput), 0o644)
	var r result
	if err := parseTime(f, &r); err != nil {
		t.Fatal(err)
	}
	if r.User != 101.25 || r.Sys != 10.87 || r.Wall != 67.48 || r.MaxRSSKB != 163052 || r.Exit != 1 {
		t.Errorf("parsed %+v", r)
	}
	if got := r.CPU(); got < 112.11 || got > 112.13 {
		t.Errorf("CPU = %v, want 112.12", got)
	}
	os.WriteFile(f, []byte("Command terminated by signal 9\n"), 0o644)
	if err := parseTime(f, &r); err == nil {
		t.Errorf("parseTime accepted output without the figures")
	}
}

func TestClock(t *testing.T) {
	for in, want := range map[string]float64{"0:01.50": 1.5, "2:03.25": 123.25, "1:02:03": 3723} {
		if got := clock(in); got != want {
			t.Errorf("clock(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestMedian(t *testing.T) {
	if got := median([]float64{5, 1, 3}); got != 3 {
		t.Errorf("median of 3 = %v", got)
	}
	if got := median([]float64{4, 1, 3, 2}); got != 2.5 {
		t.Errorf("median of 4 = %v", got)
	}
}

func TestScanOutput(t *testing.T) {
	f := filepath.Join(t.TempDir(), "out")
	os.WriteFile(f, []byte("# p\np/a.go:1:2: found\nvet: p/b.go:3:4: found\npanic: boom\n\ngoroutine 1 [running]:\n"), 0o644)
	d, p := scanOutput(f)
	if d != 2 || !p {
		t.Errorf("scanOutput = %d diagnostics, panic %v; want 2, true", d, p)
	}
}

// Command pairrun compares two commands doing the same work, run
// alternately (ABBA) so that drift in the machine moves both alike, and
// prints the median of the per-pair ratios of CPU time (user+system) and of
// wall time, with their spread, each side's median cost and peak RSS, and
// whether the goal was met (PASS or FAIL; -rss-goal adds one on the peak
// RSS ratio, the most either side reached over its runs).
//
//	go run ./internal/benchpair/pairrun -name "generate vs gengotypes" -goal 1.0 \
//		-a-dir /tmp/ours -b-dir /tmp/cue -- schemagen generate -- cue exp gengotypes ./schema/fleet
//
// The two commands are separated by a "--" after the first "--". The goal
// is checked against the CPU-time ratio, which another process on the
// machine disturbs far less than wall time; -metric wall checks wall time.
// A command that fails stops the run with its output.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/schemagen/schemagen/internal/benchpair"
)

func main() {
	name := flag.String("name", "A vs B", "what is compared, for the report")
	rounds := flag.Int("rounds", 21, "number of A/B pairs")
	goal := flag.Float64("goal", 0, "the median ratio A/B must be at most this (0: report only)")
	rssGoal := flag.Float64("rss-goal", 0, "A's peak RSS must be at most this times B's (0: report only)")
	metric := flag.String("metric", "cpu", "what the goal is checked against: cpu or wall")
	aDir := flag.String("a-dir", "", "working directory of A")
	bDir := flag.String("b-dir", "", "working directory of B")
	flag.Parse()
	a, b, ok := split(flag.Args())
	if !ok {
		fmt.Fprintln(os.Stderr, "usage: pairrun [flags] -- A ARGS... -- B ARGS...")
		os.Exit(2)
	}
	if *metric != "cpu" && *metric != "wall" {
		fmt.Fprintln(os.Stderr, "pairrun: -metric must be cpu or wall")
		os.Exit(2)
	}
	// One untimed run of each warms the page cache and checks both work.
	for _, c := range []struct {
		dir  string
		args []string
	}{{*aDir, a}, {*bDir, b}} {
		if _, err := run(c.dir, c.args); err != nil {
			fmt.Fprintln(os.Stderr, "pairrun:", err)
			os.Exit(1)
		}
	}
	var aCPU, bCPU, aWall, bWall []float64
	var aRSS, bRSS int64
	for i := range *rounds {
		order := []int{0, 1}
		if i%2 == 1 {
			order = []int{1, 0}
		}
		for _, side := range order {
			dir, args := *aDir, a
			if side == 1 {
				dir, args = *bDir, b
			}
			s, err := run(dir, args)
			if err != nil {
				fmt.Fprintln(os.Stderr, "pairrun:", err)
				os.Exit(1)
			}
			if side == 0 {
				aCPU, aWall, aRSS = append(aCPU, s.cpu), append(aWall, s.wall), max(aRSS, s.rss)
			} else {
				bCPU, bWall, bRSS = append(bCPU, s.cpu), append(bWall, s.wall), max(bRSS, s.rss)
			}
		}
	}
	cpu := benchpair.FromSamples(aCPU, bCPU)
	wall := benchpair.FromSamples(aWall, bWall)
	g := benchpair.NoGoal
	if *goal > 0 {
		g = benchpair.AtMost(*goal)
	}
	cpuGoal, wallGoal := g, benchpair.NoGoal
	if *metric == "wall" {
		cpuGoal, wallGoal = benchpair.NoGoal, g
	}
	fmt.Println("pair " + benchpair.Line(*name+", cpu", cpu, cpuGoal))
	fmt.Println("pair " + benchpair.Line(*name+", wall", wall, wallGoal))
	rssRatio := float64(aRSS) / float64(bRSS)
	rssVerdict := "report only: reported"
	if *rssGoal > 0 {
		rssVerdict = fmt.Sprintf("<= %.2fx: %s", *rssGoal, benchpair.Verdict(rssRatio <= *rssGoal))
	}
	fmt.Printf("pair %s, peak rss: %.1f MiB vs %.1f MiB (%.2fx) goal %s\n", *name,
		float64(aRSS)/(1<<20), float64(bRSS)/(1<<20), rssRatio, rssVerdict)
}

// split parses "A ARGS... -- B ARGS..." (flag.Parse has consumed the first "--").
func split(args []string) (a, b []string, ok bool) {
	for i, s := range args {
		if s == "--" {
			return args[:i], args[i+1:], i > 0 && i < len(args)-1
		}
	}
	return nil, nil, false
}

type sample struct {
	cpu, wall float64 // nanoseconds
	rss       int64   // bytes
}

func run(dir string, args []string) (sample, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t := time.Now()
	err := cmd.Run()
	wall := time.Since(t)
	if err != nil {
		return sample{}, fmt.Errorf("%q in %s: %v\n%s", args, dir, err, out.Bytes())
	}
	ps := cmd.ProcessState
	ru, _ := ps.SysUsage().(*syscall.Rusage)
	var rss int64
	if ru != nil {
		rss = ru.Maxrss * 1024 // kilobytes on Linux
	}
	return sample{
		cpu:  float64(ps.UserTime() + ps.SystemTime()),
		wall: float64(wall),
		rss:  rss,
	}, nil
}

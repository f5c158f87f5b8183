//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package deck

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	layout "github.com/schemagen/schemagen/generated/go/deck"
)

// The soak (make soak, scripts/soak-deck.sh; never part of make test):
// a saver process saves one deck file over and over and is killed with
// SIGKILL at a random moment, again and again, while a rival process
// saves the same file all along. After every kill the file must load
// (never torn), hold the saver's last acknowledged state or the one it
// was saving (or a rival's), and every temporary file the dead saver left
// must be gone once the next saver has saved once, while the rival's live
// temporary files are never swept (it would fail its rename and stop).
//
// SIGKILL tests atomicity against a process dying at any instruction; it
// cannot test power loss (the kernel still writes the page cache), which
// the fsyncs are for.

const (
	soakEnv      = "SCHEMAGEN_SOAK"       // set: run the soak
	soakChildEnv = "SCHEMAGEN_SOAK_CHILD" // the file a child saves
	soakFromEnv  = "SCHEMAGEN_SOAK_FROM"  // the first state number a saver saves
	rivalBit     = 1 << 31                // a rival's state numbers have it
)

// soakState is the state numbered n: every byte drawn from n, and n in
// Credits, so a file proves which state it holds and that it is whole.
func soakState(n uint32) *layout.DeckState {
	st := randomState(rand.New(rand.NewPCG(uint64(n), 0x50a4)))
	st.Credits = n
	return st
}

// TestSoakSaver is the child the soak starts: it saves soakState(from),
// soakState(from+1), ... to the file and prints "saved N" after each save
// returns. It is no test of its own.
func TestSoakSaver(t *testing.T) {
	path := os.Getenv(soakChildEnv)
	if path == "" {
		t.Skip("the soak's saver process; TestSoak runs it")
	}
	from, err := strconv.ParseUint(os.Getenv(soakFromEnv), 10, 32)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bad", soakFromEnv, err)
		os.Exit(3)
	}
	rival := from&rivalBit != 0
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "ready")
	out.Flush()
	for n := uint32(from); ; n++ {
		if err := WriteFile(path, soakState(n)); err != nil {
			fmt.Fprintf(os.Stderr, "saving state %d: %v\n", n, err)
			os.Exit(1)
		}
		fmt.Fprintf(out, "saved %d\n", n)
		out.Flush()
		if rival {
			time.Sleep(2 * time.Millisecond) // leave the file mostly to the saver
		}
	}
}

// saver is one running child.
type saver struct {
	cmd   *exec.Cmd
	lines chan string // its stdout, closed when it ends
	done  chan error  // its exit
}

func startSaver(t *testing.T, path string, from uint32) *saver {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSoakSaver$", "-test.count=1")
	cmd.Env = append(os.Environ(), soakChildEnv+"="+path, soakFromEnv+"="+strconv.FormatUint(uint64(from), 10))
	cmd.Env = append(cmd.Env, soakEnv+"=") // a child never soaks
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() }) // never leave one running
	s := &saver{cmd: cmd, lines: make(chan string, 1<<16), done: make(chan error, 1)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
		s.done <- cmd.Wait()
	}()
	return s
}

// staleTemps lists the temporary files of path's file that no live writer
// holds locked.
func staleTemps(path string) []string {
	dir, base := filepath.Split(path)
	names, _ := filepath.Glob(filepath.Join(dir, "."+base+".tmp-*"))
	var out []string
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			continue // renamed or swept meanwhile
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			out = append(out, n)
		}
		f.Close()
	}
	return out
}

func TestSoak(t *testing.T) {
	if os.Getenv(soakEnv) == "" {
		t.Skip("a soak: run it with make soak (scripts/soak-deck.sh)")
	}
	kills := envInt(t, "SOAK_KILLS", 1000)
	budget := time.Duration(envInt(t, "SOAK_SECONDS", 120)) * time.Second
	maxDelay := time.Duration(envInt(t, "SOAK_MAX_DELAY_MS", 20)) * time.Millisecond
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 13))

	dir := t.TempDir()
	path := filepath.Join(dir, "soak.deck")
	if err := WriteFile(path, soakState(0)); err != nil {
		t.Fatal(err)
	}
	rival := startSaver(t, path, rivalBit)
	var (
		start                  = time.Now()
		killed, checked, torn  int
		swept, saves           int
		prev                   uint32   // the file's saver state at the last check
		next                   uint32   = 1
		pending                []string // stale temporary files the next saver must sweep
		rivalSaves, rivalDeath int
	)
	// check loads the file: it must be whole, a state soakState makes, and
	// one of want (or a rival's).
	check := func(want ...uint32) {
		checked++
		var st layout.DeckState
		if _, err := ReadFile(path, &st); err != nil {
			torn++
			t.Errorf("after kill %d the file does not load: %v", killed, err)
			return
		}
		if st != *soakState(st.Credits) {
			torn++
			t.Errorf("after kill %d the file holds a state no save wrote (credits %d)", killed, st.Credits)
			return
		}
		if st.Credits&rivalBit != 0 {
			return
		}
		for _, w := range want {
			if st.Credits == w {
				prev = w
				return
			}
		}
		t.Errorf("after kill %d the file holds state %d, want one of %v", killed, st.Credits, want)
	}
	for killed < kills && time.Since(start) < budget && !t.Failed() {
		from := next
		s := startSaver(t, path, from)
		acked, any := uint32(0), false
		ready := false
		for !ready {
			l, ok := <-s.lines
			if !ok {
				t.Fatalf("the saver ended before it was ready: %v", <-s.done)
			}
			ready = l == "ready"
		}
		deadline := time.After(time.Duration(r.Int64N(int64(maxDelay) + 1)))
	wait:
		for {
			select {
			case l, ok := <-s.lines:
				if !ok {
					t.Fatalf("the saver ended on its own: %v", <-s.done)
				}
				n, err := strconv.ParseUint(strings.TrimPrefix(l, "saved "), 10, 32)
				if err != nil {
					t.Fatalf("the saver said %q", l)
				}
				acked, any = uint32(n), true
				saves++
				if len(pending) > 0 {
					// The saver has saved once: what the last dead one left is gone.
					for _, p := range pending {
						if _, err := os.Lstat(p); err == nil {
							t.Errorf("%s, left by a killed saver, survived the next save", filepath.Base(p))
						} else {
							swept++
						}
					}
					pending = nil
				}
			case <-deadline:
				break wait
			}
		}
		s.cmd.Process.Kill()
		for l := range s.lines { // what it said before it died
			if n, err := strconv.ParseUint(strings.TrimPrefix(l, "saved "), 10, 32); err == nil {
				acked, any = uint32(n), true
				saves++
			}
		}
		<-s.done
		killed++
		if any {
			check(acked, acked+1)
			next = acked + 2
		} else {
			check(prev, from)
			next = from + 1
		}
		pending = append(pending, staleTemps(path)...)
		select {
		case err := <-rival.done:
			rivalDeath++
			t.Fatalf("the rival saver stopped: %v (was its live temporary file swept?)", err)
		default:
		}
	}
	rival.cmd.Process.Kill()
	for l := range rival.lines {
		if strings.HasPrefix(l, "saved ") {
			rivalSaves++
		}
	}
	<-rival.done
	// A last save sweeps what the last kill and the rival's kill left.
	if err := WriteFile(path, soakState(next)); err != nil {
		t.Fatal(err)
	}
	checked++
	if st, _, err := readNew(path); err != nil || *st != *soakState(next) {
		torn++
		t.Errorf("the final save: %v", err)
	}
	swept += len(pending)
	if left := staleTemps(path); len(left) > 0 {
		t.Errorf("temporary files left after the final save: %v", left)
	}
	onlyFile(t, dir, "soak.deck")
	fmt.Printf("soak-deck: %d kills survived in %.0fs; %d files checked, %d torn; %d saver saves and %d rival saves acknowledged, rival failures %d; %d stale temporary files found after kills, all swept by the next save\n",
		killed, time.Since(start).Seconds(), checked, torn, saves, rivalSaves, rivalDeath, swept)
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive integer", name, s)
	}
	return n
}

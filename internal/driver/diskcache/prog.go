package diskcache

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
)

// A Store keeps values by key: a directory (Cache), or a cache program
// (Prog) that the go command's build cache may share with other machines.
type Store interface {
	// Get returns the value kept for key, if there is one and it is
	// whole.
	Get(key Key) ([]byte, bool)
	// Put keeps value for key.
	Put(key Key, value []byte) error
}

// A Prog is a cache program that speaks the go command's GOCACHEPROG
// protocol (cmd/go/internal/cacheprog): JSON requests on its standard
// input, JSON responses on its standard output. Its entries are this
// package's, sealed as a directory's are, under action IDs no go command
// computes, so that the go command's build cache and mcperrlint's results
// can live in one store, on one machine or behind one server for many.
type Prog struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	mu     sync.Mutex // serializes writes of requests
	nextID int64

	pmu     sync.Mutex
	pending map[int64]chan progResponse
	err     error // why the program stopped answering, once it has
	done    chan struct{}
}

// progRequest and progResponse are cacheprog.Request and Response, as
// they are encoded.
type progRequest struct {
	ID       int64
	Command  string
	ActionID []byte `json:",omitempty"`
	OutputID []byte `json:",omitempty"`
	BodySize int64  `json:",omitempty"`
}

type progResponse struct {
	ID            int64
	Err           string   `json:",omitempty"`
	KnownCommands []string `json:",omitempty"`
	Miss          bool     `json:",omitempty"`
	OutputID      []byte   `json:",omitempty"`
	Size          int64    `json:",omitempty"`
	DiskPath      string   `json:",omitempty"`
}

// StartProg starts the cache program command, a command line as
// GOCACHEPROG holds it (the program and its arguments, separated by
// spaces), and returns it once it has said it can get and put entries.
// Stderr receives the program's standard error.
func StartProg(command string, stderr io.Writer) (*Prog, error) {
	args := strings.Fields(command)
	if len(args) == 0 {
		return nil, errors.New("no cache program")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting cache program: %w", err)
	}
	p := &Prog{cmd: cmd, stdin: stdin, pending: make(map[int64]chan progResponse), done: make(chan struct{})}
	dec := json.NewDecoder(bufio.NewReader(stdout))
	var hello progResponse
	if err := dec.Decode(&hello); err != nil {
		p.kill()
		return nil, fmt.Errorf("cache program %s: no capabilities: %w", args[0], err)
	}
	for _, want := range []string{"get", "put"} {
		if !slices.Contains(hello.KnownCommands, want) {
			p.kill()
			return nil, fmt.Errorf("cache program %s does not support %q", args[0], want)
		}
	}
	go p.readResponses(dec)
	return p, nil
}

// readResponses hands each response to the request waiting for it.
func (p *Prog) readResponses(dec *json.Decoder) {
	defer close(p.done)
	for {
		var r progResponse
		if err := dec.Decode(&r); err != nil {
			p.pmu.Lock()
			if err == io.EOF {
				err = errors.New("cache program exited")
			}
			p.err = err
			for id, ch := range p.pending {
				close(ch)
				delete(p.pending, id)
			}
			p.pmu.Unlock()
			return
		}
		p.pmu.Lock()
		ch := p.pending[r.ID]
		delete(p.pending, r.ID)
		p.pmu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
}

// send writes a request, and its body if any, and waits for the response.
func (p *Prog) send(req progRequest, body []byte) (progResponse, error) {
	ch := make(chan progResponse, 1)
	p.mu.Lock()
	p.nextID++
	req.ID = p.nextID
	p.pmu.Lock()
	if p.err != nil {
		p.pmu.Unlock()
		p.mu.Unlock()
		return progResponse{}, p.err
	}
	p.pending[req.ID] = ch
	p.pmu.Unlock()
	var buf bytes.Buffer
	json.NewEncoder(&buf).Encode(req) // ends in a newline
	if req.BodySize > 0 {
		b, _ := json.Marshal(base64.StdEncoding.EncodeToString(body))
		buf.Write(b)
		buf.WriteByte('\n')
	}
	_, err := p.stdin.Write(buf.Bytes())
	p.mu.Unlock()
	if err != nil {
		return progResponse{}, err
	}
	r, ok := <-ch
	if !ok {
		p.pmu.Lock()
		defer p.pmu.Unlock()
		return progResponse{}, p.err
	}
	if r.Err != "" {
		return r, errors.New(r.Err)
	}
	return r, nil
}

// actionID returns the action ID key is kept under: a hash no go command
// action has, whatever key is.
func actionID(key Key) []byte {
	h := sha256.New()
	h.Write([]byte("mcperrlint result\x00"))
	h.Write(key[:])
	return h.Sum(nil)
}

// Get returns the value kept for key, if there is one and it is whole:
// an entry is verified as a directory's is.
func (p *Prog) Get(key Key) ([]byte, bool) {
	r, err := p.send(progRequest{Command: "get", ActionID: actionID(key)}, nil)
	if err != nil || r.Miss || r.DiskPath == "" {
		return nil, false
	}
	data, err := os.ReadFile(r.DiskPath)
	if err != nil {
		return nil, false
	}
	return unseal(key, data)
}

// Put keeps value for key.
func (p *Prog) Put(key Key, value []byte) error {
	entry := sealed(key, value)
	out := sha256.Sum256(entry)
	_, err := p.send(progRequest{Command: "put", ActionID: actionID(key), OutputID: out[:], BodySize: int64(len(entry))}, entry)
	return err
}

// Close asks the program to exit, and waits for it.
func (p *Prog) Close() error {
	p.send(progRequest{Command: "close"}, nil) // it may have exited already
	p.stdin.Close()
	<-p.done
	return p.cmd.Wait()
}

func (p *Prog) kill() {
	p.cmd.Process.Kill()
	p.cmd.Wait()
}

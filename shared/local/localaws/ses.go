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

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
)

// SES starts aws-ses-v2-local (a local SES API, v1 and v2) on the loopback port. It keeps what
// it is sent in memory: its page at / lists the messages and GET /store answers them as JSON.
// It returns once the port accepts connections.
func SES(ctx context.Context, root string, port int, logs io.Writer) (*Process, error) {
	bin := filepath.Join(root, "scripts", "node_modules", "aws-ses-v2-local", "dist", "cli.js")
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("aws-ses-v2-local not installed under scripts/node_modules (run npm ci in scripts)")
	}
	cmd := exec.Command("node", bin, "--host", "127.0.0.1", "--port", strconv.Itoa(port))
	cmd.Dir = root
	p, err := start("aws-ses-v2-local", cmd, logs)
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

// SESClient returns an SES v2 client of the aws-ses-v2-local at endpoint.
func SESClient(endpoint string) *sesv2.Client {
	return sesv2.New(sesv2.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
	})
}

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
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// S3Bucket is the bucket the local S3 stand-in creates at start: the attachments bucket.
const S3Bucket = "cxm-local"

// bucketCORS lets a browser of any origin PUT and GET the bucket's objects through presigned
// links, whose signature is the credential.
const bucketCORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`

// S3 starts s3rver (a local S3 API) on the loopback port with its objects under dataDir and the
// bucket S3Bucket. It returns once the port accepts connections.
func S3(ctx context.Context, root, dataDir string, port int, logs io.Writer) (*Process, error) {
	bin := filepath.Join(root, "scripts", "node_modules", "s3rver", "bin", "s3rver.js")
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("s3rver not installed under scripts/node_modules (run npm ci in scripts)")
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, err
	}
	// The web app uploads large attachments straight to the bucket with presigned PUTs, as it
	// does to S3 in AWS, so the bucket answers cross-origin requests.
	cors := filepath.Join(dataDir, "cors.xml")
	if err := os.WriteFile(cors, []byte(bucketCORS), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("node", bin, "-d", dataDir, "-a", "127.0.0.1", "-p", strconv.Itoa(port),
		"--silent", "--allow-mismatched-signatures", "--no-vhost-buckets", "--configure-bucket", S3Bucket, cors)
	cmd.Dir = dataDir
	p, err := start("s3rver", cmd, logs)
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

// S3Client returns an S3 client of the s3rver at endpoint: path-style addressing and s3rver's
// fixed credentials, so the same SDK calls as in AWS reach it.
func S3Client(endpoint string) *s3.Client {
	return s3.New(s3.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider("S3RVER", "S3RVER", ""),
	})
}

package blob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

// S3API is the part of the S3 client the store uses.
type S3API interface {
	PutObject(ctx context.Context, in *s3.PutObjectInput, opts ...func(*s3.Options)) (*s3.PutObjectOutput, error)
	GetObject(ctx context.Context, in *s3.GetObjectInput, opts ...func(*s3.Options)) (*s3.GetObjectOutput, error)
	DeleteObject(ctx context.Context, in *s3.DeleteObjectInput, opts ...func(*s3.Options)) (*s3.DeleteObjectOutput, error)
}

// S3 keeps objects in one bucket, encrypted at rest by the bucket's default encryption.
type S3 struct {
	client S3API
	bucket string
	// presign presigns direct uploads when client is an *s3.Client (see Uploads).
	presign *s3.PresignClient
	now     func() time.Time
}

var _ Store = (*S3)(nil)

// NewS3 returns a store over bucket.
func NewS3(client S3API, bucket string) (*S3, error) {
	if bucket == "" {
		return nil, errors.New("blob: empty bucket name")
	}
	st := &S3{client: client, bucket: bucket, now: time.Now}
	if c, ok := client.(*s3.Client); ok {
		st.presign = s3.NewPresignClient(c)
	}
	return st, nil
}

// Put writes obj at key.
func (s *S3) Put(ctx context.Context, key Key, obj Object) error {
	if err := check(key, obj); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        &s.bucket,
		Key:           aws.String(key.path),
		Body:          bytes.NewReader(obj.Data),
		ContentLength: aws.Int64(int64(len(obj.Data))),
		ContentType:   aws.String(obj.ContentType),
	})
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err)
	}
	return nil
}

// Get reads the object at key.
func (s *S3) Get(ctx context.Context, key Key) (Object, error) {
	if key.IsZero() {
		return Object{}, apperr.Errorf(apperr.Internal, "get without a key")
	}
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: aws.String(key.path)})
	if isNotFound(err) {
		return Object{}, apperr.Errorf(apperr.NotFound, "The file does not exist.")
	}
	if err != nil {
		return Object{}, fmt.Errorf("get %s: %w", key, err)
	}
	defer out.Body.Close()
	data, err := io.ReadAll(io.LimitReader(out.Body, MaxObjectSize+1))
	if err != nil {
		return Object{}, fmt.Errorf("read %s: %w", key, err)
	}
	return Object{ContentType: aws.ToString(out.ContentType), Data: data}, nil
}

// Delete removes the object at key.
func (s *S3) Delete(ctx context.Context, key Key) error {
	if key.IsZero() {
		return apperr.Errorf(apperr.Internal, "delete without a key")
	}
	if _, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: aws.String(key.path)}); err != nil {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}

func isNotFound(err error) bool {
	var nsk *types.NoSuchKey
	if errors.As(err, &nsk) {
		return true
	}
	var api smithy.APIError
	return errors.As(err, &api) && (api.ErrorCode() == "NotFound" || api.ErrorCode() == "NoSuchKey")
}

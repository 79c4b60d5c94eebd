package localaws

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
)

// UserPool is a user pool and its web app client in cognito-local.
type UserPool struct {
	ID       string
	ClientID string
	admin    *cip.Client
}

// EnsureUserPool returns the user pool named pool with the app client named client on the
// cognito-local at endpoint, creating them when missing.
func EnsureUserPool(ctx context.Context, endpoint, pool, client string) (UserPool, error) {
	admin := cip.New(cip.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
	})
	up := UserPool{admin: admin}
	pools, err := admin.ListUserPools(ctx, &cip.ListUserPoolsInput{MaxResults: aws.Int32(60)})
	if err != nil {
		return UserPool{}, fmt.Errorf("list user pools: %w", err)
	}
	for _, p := range pools.UserPools {
		if aws.ToString(p.Name) == pool {
			up.ID = aws.ToString(p.Id)
		}
	}
	if up.ID == "" {
		out, err := admin.CreateUserPool(ctx, &cip.CreateUserPoolInput{
			PoolName:           aws.String(pool),
			UsernameAttributes: []types.UsernameAttributeType{types.UsernameAttributeTypeEmail},
		})
		if err != nil {
			return UserPool{}, fmt.Errorf("create user pool: %w", err)
		}
		up.ID = aws.ToString(out.UserPool.Id)
	}
	clients, err := admin.ListUserPoolClients(ctx, &cip.ListUserPoolClientsInput{UserPoolId: &up.ID, MaxResults: aws.Int32(60)})
	if err != nil {
		return UserPool{}, fmt.Errorf("list user pool clients: %w", err)
	}
	for _, c := range clients.UserPoolClients {
		if aws.ToString(c.ClientName) == client {
			up.ClientID = aws.ToString(c.ClientId)
		}
	}
	if up.ClientID == "" {
		out, err := admin.CreateUserPoolClient(ctx, &cip.CreateUserPoolClientInput{
			UserPoolId: &up.ID,
			ClientName: aws.String(client),
			ExplicitAuthFlows: []types.ExplicitAuthFlowsType{
				types.ExplicitAuthFlowsTypeAllowUserPasswordAuth,
				types.ExplicitAuthFlowsTypeAllowRefreshTokenAuth,
			},
		})
		if err != nil {
			return UserPool{}, fmt.Errorf("create user pool client: %w", err)
		}
		up.ClientID = aws.ToString(out.UserPoolClient.ClientId)
	}
	return up, nil
}

// EnsureUser makes sure username can sign in with password and returns the user's subject.
// An existing user keeps its subject; its password is set to password.
func (p UserPool) EnsureUser(ctx context.Context, username, password string) (string, error) {
	got, err := p.admin.AdminGetUser(ctx, &cip.AdminGetUserInput{UserPoolId: &p.ID, Username: &username})
	var missing *types.UserNotFoundException
	if errors.As(err, &missing) {
		_, err = p.admin.AdminCreateUser(ctx, &cip.AdminCreateUserInput{
			UserPoolId:        &p.ID,
			Username:          &username,
			TemporaryPassword: aws.String(password),
			MessageAction:     types.MessageActionTypeSuppress,
			UserAttributes: []types.AttributeType{
				{Name: aws.String("email"), Value: aws.String(username)},
				{Name: aws.String("email_verified"), Value: aws.String("true")},
			},
		})
		if err != nil {
			return "", fmt.Errorf("create user %s: %w", username, err)
		}
		got, err = p.admin.AdminGetUser(ctx, &cip.AdminGetUserInput{UserPoolId: &p.ID, Username: &username})
	}
	if err != nil {
		return "", fmt.Errorf("get user %s: %w", username, err)
	}
	if got.UserStatus != types.UserStatusTypeConfirmed {
		if _, err := p.admin.AdminSetUserPassword(ctx, &cip.AdminSetUserPasswordInput{
			UserPoolId: &p.ID, Username: &username, Password: aws.String(password), Permanent: true,
		}); err != nil {
			return "", fmt.Errorf("set password of %s: %w", username, err)
		}
	}
	for _, a := range got.UserAttributes {
		if aws.ToString(a.Name) == "sub" {
			return aws.ToString(a.Value), nil
		}
	}
	return "", fmt.Errorf("user %s has no sub", username)
}

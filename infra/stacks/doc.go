// Package stacks defines the CloudFormation stacks of CXM and the constructs they share.
//
// The stateful resources (the DynamoDB table, the attachments bucket, the contact-field key, the
// token signing key and the Cognito user pool) live in stacks of their own with RETAIN removal
// policies and termination protection, so the stateless stacks (the HTTP API, its Lambda
// authorizer and functions, the web distribution) can be replaced freely. Stacks hand each other
// resources through their Props structs; CDK turns those hand-offs into cross-stack references.
//
// Every stack is environment-agnostic and synthesizes without looking anything up, so the app
// synthesizes offline.
package stacks

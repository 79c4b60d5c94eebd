package stacks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/shared/runtime/route"
)

// BootstrapFile is the name of the executable a provided.al2023 function runs.
const BootstrapFile = "bootstrap"

// FunctionNames returns the names of every function the stacks package: one per area of the
// route table, the authorizer (AuthorizerName), the timer function (TimersFunctionName) and
// the WebSocket API's socket function (SocketFunctionName).
// Each name is a directory under the built functions' directory: an area's or the
// authorizer's name under functions/, event-<name> for events/<name> (see EventFunctionName).
func FunctionNames(areas []route.Area) []string {
	names := make([]string, 0, len(areas)+2)
	for _, a := range areas {
		names = append(names, a.Name)
	}
	return append(names, AuthorizerName, EventFunctionName(TimersFunctionName), SocketFunctionName)
}

// AssetCode returns the Code function for APIStackProps that packages the directory
// root/<name> of every function name (see FunctionNames), each holding a linux/arm64
// "bootstrap" executable. It returns an error naming every function whose executable is
// missing, so synthesis fails before CDK stages anything.
func AssetCode(root string, names []string) (func(name string) awslambda.Code, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("lambda directory %s: %w", root, err)
	}
	var missing []string
	for _, name := range names {
		fi, err := os.Stat(filepath.Join(abs, name, BootstrapFile))
		if err != nil || !fi.Mode().IsRegular() {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no %s executable under %s for function(s) %s", BootstrapFile, abs, strings.Join(missing, ", "))
	}
	return func(name string) awslambda.Code {
		return awslambda.Code_FromAsset(jsii.String(filepath.Join(abs, name)), nil)
	}, nil
}

package stacks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/jsii-runtime-go"

	"github.com/cxm/cxm/shared/route"
)

// BootstrapFile is the name of the executable a provided.al2023 function runs.
const BootstrapFile = "bootstrap"

// AssetCode returns the Code function for APIStackProps that packages the directory
// root/<area> of every area, each holding a linux/arm64 "bootstrap" executable. It returns an
// error naming every area whose executable is missing, so synthesis fails before CDK stages
// anything.
func AssetCode(root string, areas []route.Area) (func(area string) awslambda.Code, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("lambda directory %s: %w", root, err)
	}
	var missing []string
	for _, a := range areas {
		fi, err := os.Stat(filepath.Join(abs, a.Name, BootstrapFile))
		if err != nil || !fi.Mode().IsRegular() {
			missing = append(missing, a.Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no %s executable under %s for area(s) %s", BootstrapFile, abs, strings.Join(missing, ", "))
	}
	return func(area string) awslambda.Code {
		return awslambda.Code_FromAsset(jsii.String(filepath.Join(abs, area)), nil)
	}, nil
}

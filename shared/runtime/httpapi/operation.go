package httpapi

import (
	"slices"

	"github.com/danielgtaylor/huma/v2"
)

// Ops returns the builder of an area's operations of one kind: one method, tags and documented
// error statuses, so that each operation is named by its id, path, summary and description alone.
// Every operation it builds has tags and errors of its own.
func Ops(method string, tags []string, errs ...int) func(id, path, summary, description string) huma.Operation {
	tags, errs = slices.Clone(tags), slices.Clone(errs)
	return func(id, path, summary, description string) huma.Operation {
		return huma.Operation{
			OperationID: id, Method: method, Path: path, Summary: summary, Description: description,
			Tags: slices.Clone(tags), Errors: slices.Clone(errs),
		}
	}
}

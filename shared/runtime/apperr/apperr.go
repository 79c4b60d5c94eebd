// Package apperr defines the application's one error type. Domain code returns *Error for every
// failure a client should see; anything else is logged and answered as a generic failure.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
)

// Code classifies an application error. Each code maps to one HTTP status.
type Code string

// The error codes. The HTTP statuses are those of Status.
const (
	Invalid      Code = "invalid"      // 400: the request is malformed or fails validation.
	Unauthorized Code = "unauthorized" // 401: no valid credentials.
	Forbidden    Code = "forbidden"    // 403: the caller may not do this.
	NotFound     Code = "not_found"    // 404: the item does not exist or is not visible.
	Conflict     Code = "conflict"     // 409: the item exists already or changed since it was read.
	Internal     Code = "internal"     // 500: a failure the client cannot act on.
)

// Error is an application error: a code, a message safe for the client, optional per-field
// messages, and the wrapped cause, which is logged and never sent.
type Error struct {
	Code    Code
	Message string
	// Fields maps a field name (as the client spells it) to what is wrong with it.
	Fields map[string]string
	Err    error
}

// Error returns the message and the cause for logs.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Status returns the HTTP status for the error's code.
func (e *Error) Status() int {
	switch e.Code {
	case Invalid:
		return http.StatusBadRequest
	case Unauthorized:
		return http.StatusUnauthorized
	case Forbidden:
		return http.StatusForbidden
	case NotFound:
		return http.StatusNotFound
	case Conflict:
		return http.StatusConflict
	default:
		return http.StatusInternalServerError
	}
}

// Messages returns the client-facing messages: the message followed by each field message.
func (e *Error) Messages() []string {
	msgs := []string{e.Message}
	for _, name := range sortedKeys(e.Fields) {
		msgs = append(msgs, e.Fields[name])
	}
	return msgs
}

// Errorf returns an error with the given code and a formatted client-safe message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an error with the given code and client-safe message wrapping cause.
func Wrap(code Code, cause error, message string) *Error {
	return &Error{Code: code, Message: message, Err: cause}
}

// InvalidFields returns a validation error naming each bad field.
func InvalidFields(message string, fields map[string]string) *Error {
	return &Error{Code: Invalid, Message: message, Fields: fields}
}

// As returns the application error in err's chain, if there is one.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// CodeOf returns the code of the application error in err's chain, Internal for any other
// error and "" for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	if e, ok := As(err); ok {
		return e.Code
	}
	return Internal
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

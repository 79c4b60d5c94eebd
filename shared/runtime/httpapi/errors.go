package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/danielgtaylor/huma/v2"
)

// GenericFailure is the message sent for any failure that is not an application error.
const GenericFailure = "Something went wrong while processing your request. Try again later."

// ErrorBody is the body of every error response. The web app reads its messages from
// errorMessages.
type ErrorBody struct {
	status        int
	Successful    bool              `json:"successful"`
	ErrorMessages []string          `json:"errorMessages"`
	FieldErrors   map[string]string `json:"fieldErrors,omitempty"`
}

// Error returns the first message.
func (e *ErrorBody) Error() string {
	if len(e.ErrorMessages) == 0 {
		return http.StatusText(e.status)
	}
	return e.ErrorMessages[0]
}

// GetStatus returns the HTTP status of the response.
func (e *ErrorBody) GetStatus() int { return e.status }

// ErrorFor turns an application error into its response body.
func ErrorFor(e *apperr.Error) *ErrorBody {
	return &ErrorBody{status: e.Status(), ErrorMessages: e.Messages(), FieldErrors: e.Fields}
}

// Respond turns any error into its response body, logging what the client does not see.
func Respond(ctx context.Context, log *slog.Logger, err error) *ErrorBody {
	if e, ok := apperr.As(err); ok {
		switch {
		case e.Code == apperr.Internal:
			log.ErrorContext(ctx, "request failed", "code", e.Code, "err", err)
		case e.Err != nil:
			// An expected refusal (a stale version, a sign-in without a profile): its cause
			// helps to follow a user's report but is not a failure of the service.
			log.InfoContext(ctx, "request refused", "code", e.Code, "err", err)
		}
		if e.Code == apperr.Internal {
			return &ErrorBody{status: http.StatusInternalServerError, ErrorMessages: []string{GenericFailure}}
		}
		return ErrorFor(e)
	}
	if errors.Is(err, context.Canceled) {
		log.WarnContext(ctx, "request canceled", "err", err)
	} else {
		log.ErrorContext(ctx, "request failed", "err", err)
	}
	return &ErrorBody{status: http.StatusInternalServerError, ErrorMessages: []string{GenericFailure}}
}

// WriteError writes err as an error response. Plain net/http handlers (the gateway, the
// authorizer) use it so every error has the same body.
func WriteError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	body := Respond(r.Context(), log, err)
	writeJSON(w, body.status, body)
}

var installErrors sync.Once

// useErrorBody makes huma's own errors (validation, unknown content type) use ErrorBody. The
// hook is a huma package variable, so it is set once and always to the same function.
func useErrorBody() {
	installErrors.Do(func() {
		huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
			if status == http.StatusUnprocessableEntity {
				status = http.StatusBadRequest
			}
			body := &ErrorBody{status: status}
			if status >= http.StatusInternalServerError {
				body.ErrorMessages = []string{GenericFailure}
				return body
			}
			body.ErrorMessages = []string{validationMessage(msg)}
			for _, err := range errs {
				var d *huma.ErrorDetail
				if !errors.As(err, &d) {
					continue
				}
				field := strings.TrimPrefix(strings.TrimPrefix(d.Location, "body."), "path.")
				message := d.Message
				if f, ok := decodeField(message); ok {
					field, message = f, InvalidValue
					body.ErrorMessages[0] = NotValid
				}
				if body.FieldErrors == nil {
					body.FieldErrors = map[string]string{}
				}
				body.FieldErrors[field] = message
				body.ErrorMessages = append(body.ErrorMessages, field+": "+message)
			}
			return body
		}
	})
}

func validationMessage(msg string) string {
	if msg == "" || strings.EqualFold(msg, "validation failed") {
		return "The request is not valid."
	}
	return strings.ToUpper(msg[:1]) + msg[1:] + "."
}

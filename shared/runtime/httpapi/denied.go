package httpapi

import (
	"context"
	"log/slog"

	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/auth"
	"github.com/danielgtaylor/huma/v2"
)

// logDenied logs a refusal (403) an operation's handler returned, with who was refused, the
// operation and the reason, as the gateway logs the authorizer's refusals.
func logDenied(ctx context.Context, log *slog.Logger, op huma.Operation, err error) {
	e, ok := apperr.As(err)
	if !ok || e.Code != apperr.Forbidden || log == nil {
		return
	}
	attrs := []any{"method", op.Method, "route", op.Path, "reason", e.Message}
	if claims, ok := auth.ClaimsFrom(ctx); ok {
		attrs = append(attrs, "user", claims.Subject)
		if claims.ActorSubject != "" {
			attrs = append(attrs, "actor", claims.ActorSubject)
		}
		if claims.Partner != "" {
			attrs = append(attrs, "partner", claims.Partner)
		}
	}
	if e.Err != nil {
		attrs = append(attrs, "cause", e.Err.Error())
	}
	log.WarnContext(ctx, "denied", attrs...)
}

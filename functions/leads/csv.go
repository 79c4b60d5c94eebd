package leads

import (
	"context"
	"encoding/csv"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
)

// csvFile streams a CSV file named filename: header, then the records rows writes, in chunks
// of 100 flushed as they are written, so a large export starts at once and never sits whole in
// memory. The status is sent before the first row: an error of rows ends the file short and is
// logged as what.
func csvFile(ctx context.Context, log *slog.Logger, what, filename string, header []string, rows func(write func([]string) error) error) *huma.StreamResponse {
	return &huma.StreamResponse{Body: func(hc huma.Context) {
		hc.SetHeader("Content-Type", "text/csv; charset=utf-8")
		hc.SetHeader("Content-Disposition", `attachment; filename="`+filename+`"`)
		hc.SetStatus(http.StatusOK)
		w := csv.NewWriter(hc.BodyWriter())
		_ = w.Write(header)
		n := 0
		err := rows(func(record []string) error {
			if err := w.Write(record); err != nil {
				return err
			}
			if n++; n%100 == 0 {
				w.Flush()
				if fl, ok := hc.BodyWriter().(http.Flusher); ok {
					fl.Flush()
				}
			}
			return w.Error()
		})
		w.Flush()
		if err != nil {
			log.ErrorContext(ctx, what, "err", err)
		}
	}}
}

package tag_test

import (
	"testing"

	"github.com/cxm/cxm/shared/domain/tag"
	"github.com/cxm/cxm/shared/runtime/apperr"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	ok := tag.Definition{TagID: 1, Name: " VIP ", TagTypeID: tag.TypeCustomer, Color: "#be4bdb"}
	tests := []struct {
		name  string
		edit  func(*tag.Definition)
		field string
	}{
		{"valid", func(*tag.Definition) {}, ""},
		{"no id", func(d *tag.Definition) { d.TagID = 0 }, "tagId"},
		{"blank name", func(d *tag.Definition) { d.Name = "  " }, "name"},
		{"long name", func(d *tag.Definition) { d.Name = string(make([]byte, tag.MaxName+1)) }, "name"},
		{"unknown type", func(d *tag.Definition) { d.TagTypeID = 5 }, "tagTypeId"},
		{"bad colour", func(d *tag.Definition) { d.Color = "blue" }, "color"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := ok
			tt.edit(&d)
			got, err := d.Validate()
			if tt.field == "" {
				if err != nil || got.Name != "VIP" || got.Color != "#BE4BDB" {
					t.Errorf("Validate = %+v, %v; want trimmed name and upper-case colour", got, err)
				}
				return
			}
			if e, ok := apperr.As(err); !ok || e.Fields[tt.field] == "" {
				t.Errorf("Validate error = %v, want a message on %s", err, tt.field)
			}
		})
	}
}

package printform

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"
)

// Page sizes in points: US letter 8.5×11 in and legal 8.5×14 in.
var pageSizes = map[string]fpdf.SizeType{
	PaperLetter: {Wd: 612, Ht: 792},
	PaperLegal:  {Wd: 612, Ht: 1008},
}

// Render returns form f filled with data as a PDF on the form's paper size: its name and the
// dealer and date at the top, then each section's title and its labelled lines.
func Render(f Form, data map[string]string) ([]byte, error) {
	return RenderAll(f.Name, []Form{f}, data)
}

// RenderAll returns forms filled with data as one PDF titled title: each form starts a new page
// on its own paper size, as Render lays it out.
func RenderAll(title string, forms []Form, data map[string]string) ([]byte, error) {
	if len(forms) == 0 {
		return nil, fmt.Errorf("render %q: no forms", title)
	}
	first, ok := pageSizes[forms[0].PaperSize]
	if !ok {
		first = pageSizes[PaperLetter]
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "pt", Size: first})
	pdf.SetTitle(title, true)
	pdf.SetCreator("CXM", true)
	pdf.SetMargins(54, 54, 54)
	pdf.SetAutoPageBreak(true, 54)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	for _, f := range forms {
		size, ok := pageSizes[f.PaperSize]
		if !ok {
			size = pageSizes[PaperLetter]
		}
		pdf.AddPageFormat("P", size)
		width := size.Wd - 108

		pdf.SetFont("Helvetica", "B", 18)
		pdf.MultiCell(width, 22, tr(f.Name), "", "L", false)
		pdf.SetFont("Helvetica", "", 10)
		pdf.SetTextColor(90, 90, 90)
		pdf.CellFormat(width, 14, tr(fmt.Sprintf("%s    %s", data["dealer.name"], data["date"])), "", 1, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
		pdf.Ln(10)

		for _, s := range f.Sections {
			pdf.SetFont("Helvetica", "B", 12)
			pdf.SetFillColor(235, 238, 242)
			pdf.CellFormat(width, 18, tr(s.Title), "", 1, "L", true, 0, "")
			pdf.Ln(4)
			for _, l := range s.Lines {
				pdf.SetFont("Helvetica", "B", 10)
				pdf.CellFormat(170, 15, tr(l.Label), "", 0, "L", false, 0, "")
				pdf.SetFont("Helvetica", "", 10)
				pdf.MultiCell(width-170, 15, tr(Fill(l.Value, data)), "B", "L", false)
			}
			pdf.Ln(12)
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("render %q: %w", title, err)
	}
	return buf.Bytes(), nil
}

package httpapi

// PageData describes one page of a paged list.
type PageData struct {
	PageTotal    int `json:"pageTotal"`
	PageNumber   int `json:"pageNumber"`
	PageSize     int `json:"pageSize"`
	TotalRecords int `json:"totalRecords"`
}

// NewPageData returns the page data for page number (from 1) of size over total records.
func NewPageData(number, size, total int) PageData {
	pages := 0
	if size > 0 {
		pages = (total + size - 1) / size
	}
	return PageData{PageTotal: pages, PageNumber: number, PageSize: size, TotalRecords: total}
}

// CursorPageData returns the page data of page number (from 1) of a list read by cursors, which
// returned items on the page and has more after it when more is true. The totals are what is
// known after this page: counting every item would read every item.
func CursorPageData(number, size, returned int, more bool) PageData {
	pages := number
	if more {
		pages++
	}
	return PageData{PageTotal: pages, PageNumber: number, PageSize: size, TotalRecords: (number-1)*size + returned}
}

// Result is the {successful, data, pageData} envelope most calls read.
type Result[T any] struct {
	Successful bool      `json:"successful"`
	Data       T         `json:"data"`
	PageData   *PageData `json:"pageData,omitempty"`
}

// Legacy is the {Success, Data} envelope the user and core calls read.
type Legacy[T any] struct {
	Success bool `json:"Success"`
	Data    T    `json:"Data"`
}

// OK wraps data in a successful Result.
func OK[T any](data T) Result[T] { return Result[T]{Successful: true, Data: data} }

// Paged wraps one page of data in a successful Result with its page data.
func Paged[T any](data T, page PageData) Result[T] {
	return Result[T]{Successful: true, Data: data, PageData: &page}
}

// LegacyOK wraps data in a successful Legacy envelope.
func LegacyOK[T any](data T) Legacy[T] { return Legacy[T]{Success: true, Data: data} }

// Body is a response whose whole body is B; handlers return *Body[Result[T]] and the like.
type Body[B any] struct {
	Body B
}

// Reply returns a response whose body is b.
func Reply[B any](b B) *Body[B] { return &Body[B]{Body: b} }

// Matched is the {Success, Data, MatchedCount} envelope of the core user lists: one page of
// Data and how many items match the request over all pages.
type Matched[T any] struct {
	Success      bool `json:"Success"`
	Data         T    `json:"Data"`
	MatchedCount int  `json:"MatchedCount"`
}

// MatchedOK wraps one page of data and the matched count in a successful Matched envelope.
func MatchedOK[T any](data T, matched int) Matched[T] {
	return Matched[T]{Success: true, Data: data, MatchedCount: matched}
}

// ScopeHeader is the Scope request header, for embedding in an operation's input: the stores
// the call is for (see auth.ScopeHeader).
type ScopeHeader struct {
	Scope string `header:"Scope" doc:"The selected stores' account platform ids: comma separated, or a JSON array. Absent means every store the user may view."`
}

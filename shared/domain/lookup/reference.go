package lookup

// Country ids.
const (
	CountryUS = 1
	CountryCA = 2
	CountryGB = 3
	CountryFR = 4
)

func items(names ...string) []Item {
	out := make([]Item, len(names)/2)
	for i := 0; i < len(names); i += 2 {
		out[i/2] = Item{ID: i/2 + 1, Code: names[i], Name: names[i+1]}
	}
	return out
}

func regions(country, first int, pairs ...string) []Item {
	out := make([]Item, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		out[i/2] = Item{ID: first + i/2, Code: pairs[i], Name: pairs[i+1], Parent: country}
	}
	return out
}

// Reference returns the reference lists Seed writes, by name.
func Reference() map[string][]Item {
	us := regions(CountryUS, 1,
		"AL", "Alabama", "AK", "Alaska", "AZ", "Arizona", "AR", "Arkansas", "CA", "California", "CO", "Colorado",
		"CT", "Connecticut", "DE", "Delaware", "DC", "District of Columbia", "FL", "Florida", "GA", "Georgia",
		"HI", "Hawaii", "ID", "Idaho", "IL", "Illinois", "IN", "Indiana", "IA", "Iowa", "KS", "Kansas",
		"KY", "Kentucky", "LA", "Louisiana", "ME", "Maine", "MD", "Maryland", "MA", "Massachusetts",
		"MI", "Michigan", "MN", "Minnesota", "MS", "Mississippi", "MO", "Missouri", "MT", "Montana",
		"NE", "Nebraska", "NV", "Nevada", "NH", "New Hampshire", "NJ", "New Jersey", "NM", "New Mexico",
		"NY", "New York", "NC", "North Carolina", "ND", "North Dakota", "OH", "Ohio", "OK", "Oklahoma",
		"OR", "Oregon", "PA", "Pennsylvania", "PR", "Puerto Rico", "RI", "Rhode Island", "SC", "South Carolina",
		"SD", "South Dakota", "TN", "Tennessee", "TX", "Texas", "UT", "Utah", "VT", "Vermont", "VA", "Virginia",
		"WA", "Washington", "WV", "West Virginia", "WI", "Wisconsin", "WY", "Wyoming")
	ca := regions(CountryCA, 101,
		"AB", "Alberta", "BC", "British Columbia", "MB", "Manitoba", "NB", "New Brunswick",
		"NL", "Newfoundland and Labrador", "NS", "Nova Scotia", "ON", "Ontario", "PE", "Prince Edward Island",
		"QC", "Quebec", "SK", "Saskatchewan", "NT", "Northwest Territories", "NU", "Nunavut", "YT", "Yukon")
	reasons := []Item{
		{ID: 1, Code: "price", Name: "Price", Parent: 2}, {ID: 2, Code: "payment", Name: "Payment", Parent: 2},
		{ID: 3, Code: "trade_value", Name: "Trade value", Parent: 2}, {ID: 4, Code: "credit", Name: "Credit", Parent: 2},
		{ID: 5, Code: "vehicle_unavailable", Name: "Vehicle not available", Parent: 2}, {ID: 6, Code: "just_looking", Name: "Just looking", Parent: 2},
		{ID: 7, Code: "spouse", Name: "Needs to talk to spouse or co-buyer", Parent: 3}, {ID: 8, Code: "shopping", Name: "Shopping other dealers", Parent: 3},
		{ID: 9, Code: "test_drive", Name: "Coming back for a test drive", Parent: 3},
	}
	return map[string][]Item{
		Countries: {
			{ID: CountryUS, Code: "US", Name: "United States"}, {ID: CountryCA, Code: "CA", Name: "Canada"},
			{ID: CountryGB, Code: "GB", Name: "United Kingdom"}, {ID: CountryFR, Code: "FR", Name: "France"},
		},
		StateProvinces:     append(us, ca...),
		ContactCultures:    items("en-US", "English (United States)", "es-US", "Spanish (United States)", "en-CA", "English (Canada)", "fr-CA", "French (Canada)"),
		CallResults:        items("contacted", "Contacted", "left_message", "Left message", "no_answer", "No answer", "busy", "Busy", "wrong_number", "Wrong number", "bad_number", "Bad number"),
		NoteResults:        items("general", "General", "follow_up", "Follow-up needed", "customer_request", "Customer request", "complaint", "Complaint", "resolved", "Resolved"),
		FilterTypes:        items("equity", "Equity", "lease_maturity", "Lease maturity", "finance_maturity", "Finance maturity", "payments_left", "Payments left", "mileage", "Mileage", "service", "Service history", "warranty", "Warranty expiration", "recall", "Open recalls"),
		RuleGroupTypes:     items("sales_follow_up", "Sales follow-up", "sold_follow_up", "Sold follow-up", "lease_follow_up", "Lease follow-up", "service_follow_up", "Service follow-up", "lead_response", "Lead response"),
		RuleReseedStatuses: items("pending", "Pending", "running", "Running", "completed", "Completed", "failed", "Failed"),
		TouchpointResults:  items("sold", "Sold", "not_sold", "Not sold", "be_back", "Be-back"),
		TouchpointReasons:  reasons,
		TaskTypes:          items("Call", "Call", "Email", "Email", "Text", "Text", "Appointment", "Appointment", "Follow-up", "Follow-up", "Other", "Other"),
		TemplateCategories: items("1", "Sales", "2", "Service", "3", "Marketing", "4", "Lead response", "5", "Follow-up", "6", "Appointment", "7", "Birthday", "8", "Lease maturity", "9", "Finance maturity", "10", "Equity", "11", "Recall", "12", "Thank you", "13", "Reactivation", "14", "Other"),
		EnumDealTypes:      items("lease", "Lease", "retail", "Retail", "balloon", "Balloon", "cash", "Cash", "one_pay_lease", "One-pay lease", "wholesale", "Wholesale", "incomplete", "Incomplete", "conquest", "Conquest", "converted", "Converted"),
		EnumSaleTypes:      items("B", "Balloon", "P", "Purchase", "L", "Lease", "C", "Cash"),
		EnumDateRanges:     items("today", "Today", "yesterday", "Yesterday", "7", "Last 7 days", "14", "Last 14 days", "30", "Last 30 days", "60", "Last 60 days", "90", "Last 90 days", "180", "Last 180 days", "365", "Last 365 days"),
		EnumTimeDelays: items("0", "Immediately", "2m", "2 minutes", "5m", "5 minutes", "15m", "15 minutes", "30m", "30 minutes", "45m", "45 minutes",
			"1h", "1 hour", "2h", "2 hours", "4h", "4 hours", "6h", "6 hours", "8h", "8 hours", "12h", "12 hours",
			"1d", "1 day", "2d", "2 days", "3d", "3 days", "5d", "5 days", "7d", "7 days", "10d", "10 days", "15d", "15 days", "30d", "30 days",
			"3mo", "3 months", "6mo", "6 months"),
		EnumGarageStatuses:  items("current", "Currently owned", "sold", "Sold", "dealerPurchased", "Purchased by dealer", "notOwned", "Customer does not own"),
		EnumContractTypes:   items("cash", "Cash", "finance", "Finance", "lease", "Lease"),
		EnumActivityFilters: items("phone", "Phone", "note", "Note", "text", "Text", "email", "Email", "task", "Task", "lead", "Lead", "visit", "Visit", "desking", "Desking", "view", "View", "system", "System"),
	}
}

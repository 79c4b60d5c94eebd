package consent

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Keyword is what an inbound text asks of the ledger.
type Keyword int

// Keywords of inbound texts.
const (
	// KeywordNone is an ordinary message for the sales person: nothing changes.
	KeywordNone Keyword = iota
	// KeywordStop opts the number out: STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT or a
	// request in words ("please stop texting me").
	KeywordStop
	// KeywordStart opts the number back in: START, UNSTOP or YES.
	KeywordStart
	// KeywordHelp asks for the store's help text: HELP or INFO.
	KeywordHelp
)

// String returns the keyword's name.
func (k Keyword) String() string {
	switch k {
	case KeywordStop:
		return "Stop"
	case KeywordStart:
		return "Start"
	case KeywordHelp:
		return "Help"
	}
	return "None"
}

// Classify returns what inbound text asks of the ledger.
//
// A keyword counts in any case, with any whitespace, punctuation or emoji around it and with
// words of politeness beside it ("Stop please", "STOP!!!", "ok stop thanks"). STOP, STOPALL,
// UNSUBSCRIBE and QUIT opt out also as one sentence of a longer message ("Stop. I bought
// elsewhere."); CANCEL and END only as the whole message, since in a sentence they are
// usually about something else ("Cancel, I can't make it Tuesday" is about an appointment).
// Requests in words opt out too: asking to stop or not to be texted, to be removed or taken
// off the list, to opt out (of texts, or of nothing named), "no more texts", "leave me alone",
// "wrong number". Look-alikes do not: "stop by tomorrow", "can't stop thinking about the
// truck", "when does the sale end?", "I'll quit my lease early?", "can I opt out of the
// extended warranty?". "Cancel my appointment" is not an opt-out: it is a message about a
// visit, for the sales person to answer in the thread; only cancelling texts, messages or a
// subscription opts out.
//
// Canadian carriers' French keywords count too: ARRET (ARRÊT) opts out like STOP, AIDE asks
// for help like HELP.
//
// START and UNSTOP re-subscribe, and YES does when it is the whole message (HandleInbound
// counts a YES only from an opted-out number: elsewhere it is an ordinary answer). HELP and
// INFO as the whole message ask for help. A message that both opts out and in opts out.
func Classify(text string) Keyword {
	k, _ := classify(text)
	return k
}

// Words of politeness and filler that may stand beside a keyword.
var fillers = []string{"please", "pls", "plz", "plse", "now", "it", "just", "thanks", "thank", "you", "thx", "ty",
	"asap", "immediately", "already", "right", "away", "ok", "okay", "oh", "no", "all", "but", "and", "again", "sir", "maam", "ma'am", "svp", "merci"}

// Opt-out keywords: strong ones count as one sentence of a message, weak ones only as the
// whole message.
var (
	strongStop = []string{"stop", "stopall", "unsubscribe", "unsub", "quit", "optout", "arret", "arrêt"}
	weakStop   = []string{"cancel", "end"}
	startWords = []string{"start", "unstop", "yes"}
	helpWords  = []string{"help", "info", "aide"}
)

// Phrases that ask in words not to be texted; text is lower case with apostrophes made
// straight and every run of other characters one space.
var stopPhrases = []*regexp.Regexp{
	// "please stop texting me", "quit messaging me".
	regexp.MustCompile(`(?:^| )(?:stop|quit|cease) (?:texting|txting|texing|txt|text|messaging|msging|contacting|bothering|spamming)\b`),
	// "stop sending me texts", "stop sending these messages"; not "stop sending the paperwork
	// to my old address".
	regexp.MustCompile(`(?:^| )(?:stop|quit|cease) sending (?:me\b|us\b|(?:any |more |these |those |your |ur |all |the )*(?:texts|text messages|messages|msgs|sms|spam|txts|ads|promotions|offers)\b)`),
	// "stop the texts", "stop all these messages".
	regexp.MustCompile(`(?:^| )(?:stop|quit|cease|end|cancel) (?:with )?(?:all |the |these |this |those |your |ur |my )*(?:texts|text messages|messages|msgs|sms|spam|txts|subscription|texting)\b`),
	// "don't text me anymore", "do not text this number", "never text me again".
	regexp.MustCompile(`(?:^| )(?:dont|don't|do not|never|pls dont|stop to) (?:text|txt|message|msg|sms|contact|send texts to|send messages to) (?:me|this number|this phone|here|us)\b`),
	// "remove me from your list", "take me off the texting list", "delete my number".
	regexp.MustCompile(`(?:^| )(?:remove|take|delete|drop|erase) (?:me|my number|my phone number|my cell|my phone|this number|my cell number)(?: (?:from|off)(?: of)? (?:your|the|this|ur|all|these|any|every)? ?(?:list|lists|texting list|text list|sms list|mailing list|contact list|contacts|system|database|texts|messages)\b|$| please| pls| now| thanks)`),
	// "lose my number".
	regexp.MustCompile(`(?:^| )lose (?:my|this) number\b`),
	// "no more texts", "no texts please"; not "no messages from the finance manager yet?".
	regexp.MustCompile(`(?:^| )no more (?:texts|text messages|messages|texting|msgs|txts|sms)\b`),
	regexp.MustCompile(`(?:^| )no (?:texts|text messages|messages|texting|msgs|txts|sms)(?: please| pls| thanks| thank you| thx)*$`),
	// "I don't want these texts", "I do not want to receive text messages".
	regexp.MustCompile(`(?:^| )(?:dont|don't|do not|no longer) (?:want|wish|need) (?:to (?:receive|get) )?(?:any |anymore |more |these |those |your |any more |the |ur )*(?:texts|text messages|messages|msgs|sms|txts)\b`),
	regexp.MustCompile(`(?:^| )leave me alone\b`),
	regexp.MustCompile(`(?:^| )wrong (?:number|person)\b`),
	// "can you stop?", "why won't you stop", "would you please stop it".
	regexp.MustCompile(`(?:^| )(?:can|could|would|will|wont|won't|when will|please|pls) you (?:please |pls |just )?stop(?: it| now| please| already)?$`),
}

// negations are the words that, just before "stop", mean the sender does not ask to stop.
var negations = []string{"dont", "don't", "cant", "can't", "cannot", "never", "wont", "won't", "not", "couldn't", "couldnt", "didn't", "didnt"}

// optOutOf are the words that may follow "opt out of" in an opt-out.
var optOutOf = []string{"texts", "text", "texting", "messages", "sms", "this", "these", "all", "everything", "your", "ur", "the", "receiving", "any", "future", "marketing", "msgs"}

// optOutOfThe are the words after "opt out of the ..." that name texting.
var optOutOfThe = []string{"texts", "text", "texting", "messages", "sms", "list", "texting list", "msgs", "marketing", "of this", "of these", "of it", "of them"}

// normalized returns text in lower case with curly apostrophes made straight.
func normalized(text string) string {
	return strings.NewReplacer("\u2019", "'", "\u2018", "'", "`", "'", "\u02bc", "'").Replace(strings.ToLower(text))
}

// words returns the words of s: runs of letters, digits and apostrophes.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
}

// sentences returns the parts of s between sentence punctuation, commas and line breaks.
func sentences(s string) []string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(".!?;,:\n\r", r) })
	out := parts[:0]
	for _, p := range parts {
		if len(words(p)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// keywordOf returns the keyword ws consists of, filler aside, or "" when ws is not one keyword
// (repeated: "stop stop").
func keywordOf(ws []string) string {
	kw := ""
	for _, w := range ws {
		w = strings.Trim(w, "'")
		if slices.Contains(fillers, w) {
			continue
		}
		if kw != "" && w != kw {
			return ""
		}
		kw = w
	}
	if kw == "opt" {
		return ""
	}
	return kw
}

// classify returns the keyword of text and how it was given: HowKeyword for a keyword,
// HowFreeText for a request in words.
func classify(text string) (Keyword, How) {
	s := normalized(text)
	parts := sentences(s)
	all := words(s)
	whole := keywordOf(all)
	if slices.Contains(strongStop, whole) || len(all) == 1 && slices.Contains(weakStop, strings.Trim(all[0], "'")) {
		return KeywordStop, HowKeyword
	}
	for _, p := range parts {
		ws := words(p)
		if slices.Contains(strongStop, keywordOf(ws)) || isStopAll(ws) {
			return KeywordStop, HowKeyword
		}
	}
	flat := strings.Join(words(s), " ")
	if requestsStop(flat) {
		return KeywordStop, HowFreeText
	}
	switch {
	case slices.Contains(startWords, whole):
		return KeywordStart, HowKeyword
	case slices.Contains(helpWords, whole):
		return KeywordHelp, HowKeyword
	}
	return KeywordNone, ""
}

// isStopAll reports whether ws is "stop all" (or "opt out") with filler.
func isStopAll(ws []string) bool {
	var rest []string
	for _, w := range ws {
		if !slices.Contains(fillers, w) || w == "all" {
			rest = append(rest, w)
		}
	}
	return slices.Equal(rest, []string{"stop", "all"}) || slices.Equal(rest, []string{"opt", "out"})
}

// requestsStop reports whether flat (words joined by single spaces) asks in words not to be
// texted.
func requestsStop(flat string) bool {
	for _, re := range stopPhrases {
		for _, loc := range re.FindAllStringIndex(flat, -1) {
			if !negated(flat[:loc[0]]) {
				return true
			}
		}
	}
	padded := " " + flat + " "
	if i := strings.Index(padded, " unsubscribe "); i >= 0 && !negated(padded[:i]) {
		return true
	}
	return optsOut(words(flat))
}

// negated reports whether before (the text before a phrase) ends with a negation.
func negated(before string) bool {
	ws := words(before)
	return len(ws) > 0 && slices.Contains(negations, ws[len(ws)-1])
}

// optsOut reports whether ws asks to opt out: "opt out", "opt me out", "optout", "opt-out"
// followed by nothing, filler, or "of" and texting ("opt out of texts", "of this"), not of
// something else ("opt out of the extended warranty").
func optsOut(ws []string) bool {
	for i := 0; i < len(ws); i++ {
		j := -1
		switch {
		case ws[i] == "optout":
			j = i + 1
		case ws[i] == "opt" && i+1 < len(ws) && ws[i+1] == "out":
			j = i + 2
		case ws[i] == "opt" && i+2 < len(ws) && ws[i+1] == "me" && ws[i+2] == "out":
			j = i + 3
		}
		if j < 0 {
			continue
		}
		if i > 0 && slices.Contains(negations, ws[i-1]) || i > 1 && slices.Contains(negations, ws[i-2]) && ws[i-1] == "to" {
			continue
		}
		if j >= len(ws) || ws[j] != "of" {
			return true
		}
		if j+1 >= len(ws) {
			return true
		}
		next := ws[j+1]
		if next == "the" || next == "your" || next == "ur" || next == "all" || next == "any" || next == "future" {
			rest := strings.Join(ws[j+2:], " ")
			for _, w := range optOutOfThe {
				if strings.HasPrefix(rest, w) {
					return true
				}
			}
			if next == "all" && rest == "" {
				return true
			}
			continue
		}
		if slices.Contains(optOutOf, next) {
			return true
		}
	}
	return false
}

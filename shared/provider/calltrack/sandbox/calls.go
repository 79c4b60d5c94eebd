package sandbox

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/http"
	"time"

	"github.com/cxm/cxm/shared/provider/calltrack"
)

// Inbound is a call the sandbox makes up and delivers by its post-call webhook, as the
// provider does when a call to a store's tracking number ends.
type Inbound struct {
	// AccountPlatformID is the store called.
	AccountPlatformID int64
	// CustomerPhone is the caller in E.164; "" picks one of the sandbox's callers.
	CustomerPhone string
	// CustomerName is the caller id name; "" picks the caller's (or none for a given number).
	CustomerName string
	// Direction is calltrack.DirectionInbound ("" too) or calltrack.DirectionOutbound.
	Direction string
	// Missed makes the call unanswered (with a voicemail when it lasted).
	Missed bool
	// At is when the call started; zero is the sandbox's now less the call's length.
	At time.Time
	// ID is the provider's id of the call; "" makes one up from the rest.
	ID string
	// Seed makes the made-up parts (id, source, length) differ between calls of one caller at
	// one time; the same Inbound gives the same call, so a delivery sent again is the same.
	Seed string
}

// callers are the sandbox's made-up callers (555 numbers of the North American plan).
var callers = []struct{ phone, name string }{
	{"+15035550842", "MARTINEZ ELENA"}, {"+15035550867", "NGUYEN DAVID"}, {"+12065550833", "PATEL ANITA"},
	{"+13605550819", "OKAFOR JAMES"}, {"+15415550864", "WIRELESS CALLER"}, {"+19715550887", "BROOKS SARAH"},
}

var sources = []string{"Google Ads", "Website", "Google My Business", "Cars.com", "Facebook", "Direct"}

// Call makes up the call record of in: a stable provider id, the store's tracking number, a
// marketing source, a length (none for a missed call without voicemail) and a recording link
// for an answered call or a voicemail.
func (p *Provider) Call(in Inbound) calltrack.Record {
	sum := sha256.Sum256(fmt.Appendf(nil, "%d|%s|%s|%s|%t|%s|%s", in.AccountPlatformID, in.CustomerPhone, in.CustomerName, in.Direction, in.Missed, in.At.UTC().Format(time.RFC3339Nano), in.Seed))
	n := binary.BigEndian.Uint64(sum[:8])
	id := "CAL" + hex.EncodeToString(sum[:16])
	if in.ID != "" {
		id = in.ID
	}
	r := calltrack.Record{ProviderCallID: id, Direction: calltrack.DirectionInbound, CustomerPhone: in.CustomerPhone, CustomerName: in.CustomerName,
		TrackingPhone: fmt.Sprintf("+1503555%04d", 1000+in.AccountPlatformID%9000), BusinessPhone: fmt.Sprintf("+1503555%04d", 2000+in.AccountPlatformID%8000),
		Source: sources[n%uint64(len(sources))], Answered: !in.Missed}
	if in.Direction == calltrack.DirectionOutbound {
		r.Direction = calltrack.DirectionOutbound
		r.Source = "Outbound"
	}
	if r.CustomerPhone == "" {
		c := callers[(n>>8)%uint64(len(callers))]
		r.CustomerPhone, r.CustomerName = c.phone, c.name
	}
	switch {
	case r.Answered:
		r.DurationSeconds = 45 + int((n>>16)%600)
	case (n>>16)%2 == 0:
		r.Voicemail, r.DurationSeconds = true, 20+int((n>>16)%40)
	}
	if r.DurationSeconds > 0 {
		r.RecordingURL = "https://app.callrail.com/calls/" + id + "/recording/redirect?access_key=sandbox" + hex.EncodeToString(sum[16:24])
	}
	r.StartedAt = in.At.UTC()
	if in.At.IsZero() {
		r.StartedAt = p.cfg.Now().UTC().Add(-time.Duration(r.DurationSeconds) * time.Second).Truncate(time.Second)
	}
	return r
}

// Delivery returns the post-call webhook delivery of r signed with key: its headers and body,
// as the provider posts them.
func Delivery(key []byte, r calltrack.Record) (http.Header, []byte, error) {
	body, err := calltrack.Encode(r)
	if err != nil {
		return nil, nil, err
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set(calltrack.SignatureHeader, calltrack.Sign(key, body))
	return h, body, nil
}

package chat_test

import (
	"fmt"
	"github.com/cxm/cxm/shared/local/demo"
	"strings"
	"sync"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/functions/chat"
	chats "github.com/cxm/cxm/shared/domain/chat"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestSendCheckAndHistory(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	send := func(as, to, text, clientID string) (int, chat.Sent) {
		var got httpapi.Legacy[chat.Sent]
		body := `{"Message":"` + text + `","UserIds":["` + to + `"]`
		if clientID != "" {
			body += `,"ClientMessageId":"` + clientID + `"`
		}
		status := srv.Do(t, areatest.Request{Method: "POST", Path: "/message/send", As: as, Body: body + "}"}, &got)
		return status, got.Data
	}

	// No group before the first message.
	var none httpapi.Legacy[*chats.Group]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/group/CheckForGroup?staffids=100003", As: "100001"}, &none); status != 200 || none.Data != nil {
		t.Fatalf("check before any message = %d %+v, want 200 and no group", status, none.Data)
	}
	status, first := send("100001", "100003", "Customer in the lobby", "m-1")
	if status != 200 {
		t.Fatalf("send status = %d", status)
	}
	// A retried send with the same client id stores nothing more; the reply goes the other way
	// in the same group.
	if _, again := send("100001", "100003", "Customer in the lobby", "m-1"); again.Message.MessageID != first.Message.MessageID {
		t.Errorf("retried send stored a second message %s", again.Message.MessageID)
	}
	_, reply := send("100003", "100001", "On my way", "")
	if reply.Group.GroupID != first.Group.GroupID {
		t.Errorf("reply went to group %s, want %s", reply.Group.GroupID, first.Group.GroupID)
	}

	var found httpapi.Legacy[*chats.Group]
	if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/group/CheckForGroup?staffids=100003", As: "100001"}, &found); status != 200 || found.Data == nil || found.Data.GroupID != first.Group.GroupID {
		t.Fatalf("check = %d %+v, want the group", status, found.Data)
	}
	var history httpapi.Legacy[[]chats.Message]
	body := `{"GroupId":"` + first.Group.GroupID + `"}`
	if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/message/history", As: "100003", Body: body}, &history); status != 200 {
		t.Fatalf("history status = %d", status)
	}
	var texts []string
	for _, m := range history.Data {
		texts = append(texts, m.Message)
	}
	if got, want := strings.Join(texts, " | "), "Customer in the lobby | On my way"; got != want {
		t.Errorf("history = %s, want %s", got, want)
	}
	// Someone outside the group cannot read it.
	if status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/message/history", As: "100002", Body: body}); status != 404 {
		t.Errorf("history as a non-member = %d, want 404", status)
	}
}

func TestSendRefusals(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	tests := []struct {
		name   string
		as     string
		body   string
		status int
	}{
		{"recipient shares no allowed store", "100001", `{"Message":"Hi","UserIds":["100013"]}`, 404},
		{"recipient of another dealer group", "100001", `{"Message":"Hi","UserIds":["` + demo.OtherUserID + `"]}`, 404},
		{"inactive recipient", "100002", `{"Message":"Hi","UserIds":["100099"]}`, 404},
		{"empty message", "100001", `{"Message":"  ","UserIds":["100003"]}`, 400},
		{"no recipients", "100001", `{"Message":"Hi","UserIds":[]}`, 400},
		{"too long", "100001", `{"Message":"` + strings.Repeat("x", 2001) + `","UserIds":["100003"]}`, 400},
		{"signed out", "", `{"Message":"Hi","UserIds":["100003"]}`, 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _ := srv.Error(t, areatest.Request{Method: "POST", Path: "/message/send", As: tt.as, Body: tt.body})
			if status != tt.status {
				t.Errorf("status = %d, want %d", status, tt.status)
			}
		})
	}
}

// TestConcurrentFirstMessages checks that two colleagues writing to each other at once end up
// in one group.
func TestConcurrentFirstMessages(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	var wg sync.WaitGroup
	groups := make([]string, 6)
	for i := range groups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			from, to := "100001", "100003"
			if i%2 == 1 {
				from, to = to, from
			}
			var got httpapi.Legacy[chat.Sent]
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/message/send", As: from, Body: `{"Message":"Hi","UserIds":["` + to + `"]}`}, &got); status != 200 {
				t.Errorf("send status = %d", status)
			}
			groups[i] = got.Data.Group.GroupID
		}()
	}
	wg.Wait()
	for _, g := range groups[1:] {
		if g != groups[0] {
			t.Fatalf("groups = %v, want one", groups)
		}
	}
}

// TestRecentChats checks that each member's list of chats names who wrote last, newest first.
func TestRecentChats(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	for _, m := range []struct{ from, to, text string }{
		{"100001", "100003", "Customer in the lobby"},
		{"100002", "100001", "Team meeting at 4"},
		{"100003", "100001", "On my way"},
	} {
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/message/send", As: m.from, Body: `{"Message":"` + m.text + `","UserIds":["` + m.to + `"]}`}, nil); status != 200 {
			t.Fatalf("send %q status = %d", m.text, status)
		}
	}
	tests := []struct {
		name string
		as   string
		want string
	}{
		{"both groups, the last written first", "100001", "100003:On my way:100003:true | 100002:Team meeting at 4:100002:true"},
		{"only the groups the user is in", "100002", "100001:Team meeting at 4:100002:true"},
		{"none yet", "100004", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got httpapi.Legacy[[]chat.RecentChat]
			if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/message/groups", As: tt.as}, &got); status != 200 {
				t.Fatalf("status = %d", status)
			}
			var lines []string
			for _, c := range got.Data {
				for _, m := range c.Colleagues {
					lines = append(lines, fmt.Sprintf("%s:%s:%s:%t", m.UserID, c.LastMessage, c.LastSenderUserID, m.CanChat))
				}
			}
			if s := strings.Join(lines, " | "); s != tt.want {
				t.Errorf("recent = %q, want %q", s, tt.want)
			}
		})
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: "/message/groups"}); status != 401 {
		t.Errorf("signed out = %d, want 401", status)
	}
}

// TestUnreadChats: a colleague's message is unread until the user reads the chat's history;
// the user's own messages never are; a later message is unread again.
func TestUnreadChats(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	send := func(from, to, text string) string {
		t.Helper()
		var got httpapi.Legacy[chat.Sent]
		if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/message/send", As: from, Body: `{"Message":"` + text + `","UserIds":["` + to + `"]}`}, &got); status != 200 {
			t.Fatalf("send %q status = %d", text, status)
		}
		return got.Data.Group.GroupID
	}
	unread := func(as string) bool {
		t.Helper()
		var got httpapi.Legacy[[]chat.RecentChat]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/message/groups", As: as}, &got); status != 200 || len(got.Data) != 1 {
			t.Fatalf("groups of %s: status %d, %d groups", as, status, len(got.Data))
		}
		return got.Data[0].Unread
	}
	group := send("100003", "100001", "Customer in the lobby")
	steps := []struct {
		name   string
		do     func()
		reader bool
		sender bool
	}{
		{"after the message", func() {}, true, false},
		{"after reading the history", func() {
			if status := srv.Do(t, areatest.Request{Method: "POST", Path: "/message/history", As: "100001", Body: `{"GroupId":"` + group + `"}`}, nil); status != 200 {
				t.Fatalf("history status = %d", status)
			}
		}, false, false},
		{"after a reply", func() { send("100001", "100003", "Coming") }, false, true},
		{"after another message", func() { send("100003", "100001", "Thanks") }, true, false},
	}
	for _, st := range steps {
		st.do()
		if got := unread("100001"); got != st.reader {
			t.Errorf("%s: unread for the reader = %t, want %t", st.name, got, st.reader)
		}
		if got := unread("100003"); got != st.sender {
			t.Errorf("%s: unread for the sender = %t, want %t", st.name, got, st.sender)
		}
	}
}

package chat_test

import (
	"github.com/cxm/cxm/shared/local/demo"
	"testing"

	"github.com/cxm/cxm/functions/areatest"
	"github.com/cxm/cxm/shared/domain/realtime"
	"github.com/cxm/cxm/shared/local/dynamotest"
	"github.com/cxm/cxm/shared/runtime/httpapi"
)

func TestMain(m *testing.M) { dynamotest.Main(m) }

func TestMessagingVendor(t *testing.T) {
	t.Parallel()
	srv := areatest.New(t)
	key := srv.Services.Store.DeriveKey(realtime.KeyPurpose)
	tokens := map[string]bool{}
	for _, tt := range []struct{ as, account string }{{"100001", "1001"}, {"100002", "1001"}, {demo.OtherUserID, "1002"}} {
		var got httpapi.Legacy[realtime.Connection]
		if status := srv.Do(t, areatest.Request{Method: "GET", Path: "/message/vendor", As: tt.as}, &got); status != 200 {
			t.Fatalf("status = %d", status)
		}
		c := got.Data
		if c.Provider != "local" || c.UserID != tt.as || c.ChannelPrefix != "cxm."+tt.account+"." || c.Channel != c.ChannelPrefix+"user."+tt.as {
			t.Errorf("connection of %s = %+v", tt.as, c)
		}
		if !realtime.Verify(key, tt.account, tt.as, c.AuthToken) {
			t.Errorf("token of %s does not verify", tt.as)
		}
		if realtime.Verify(key, tt.account, tt.as+"0", c.AuthToken) || realtime.Verify([]byte("another key"), tt.account, tt.as, c.AuthToken) {
			t.Errorf("token of %s verifies for another user or key", tt.as)
		}
		tokens[c.AuthToken] = true
	}
	if len(tokens) != 3 {
		t.Errorf("%d distinct tokens for 3 users", len(tokens))
	}
	if status, _ := srv.Error(t, areatest.Request{Method: "GET", Path: "/message/vendor"}); status != 401 {
		t.Errorf("signed out: status = %d, want 401", status)
	}
}

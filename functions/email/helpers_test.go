package email_test

import "encoding/json"

// receiptJSON is an SES receipt notification of an e-mail from maria@example.com to to.
func receiptJSON(to, content string) string {
	return receiptWithID("ses-1", "maria@example.com", to, content)
}

func receiptWithID(id, from, to, content string) string {
	b, _ := json.Marshal(map[string]any{
		"notificationType": "Received",
		"mail": map[string]any{"messageId": id, "source": from, "destination": []string{to},
			"commonHeaders": map[string]any{"from": []string{"Maria <" + from + ">"}, "to": []string{to}, "subject": "Re: Your quote"}},
		"content": content,
	})
	return string(b)
}

package workflows

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cxm/cxm/shared/domain/activity"
	"github.com/cxm/cxm/shared/domain/consent"
	"github.com/cxm/cxm/shared/domain/notification"
	"github.com/cxm/cxm/shared/domain/rule"
	"github.com/cxm/cxm/shared/domain/task"
	"github.com/cxm/cxm/shared/domain/texting"
	"github.com/cxm/cxm/shared/domain/user"
	"github.com/cxm/cxm/shared/provider/mail"
	"github.com/cxm/cxm/shared/provider/sms"
	"github.com/cxm/cxm/shared/runtime/apperr"
	"github.com/cxm/cxm/shared/runtime/eventbus"
	"github.com/cxm/cxm/shared/runtime/store"
	"github.com/cxm/cxm/shared/runtime/timer"
)

func timerCancel(t store.Tenant, w task.WorkflowTask) (store.Op, error) {
	return timer.CancelOp(t, rule.DueTimerID(w.ID, w.DueAt))
}

// message is what a notification is about.
type message struct {
	rule rule.TriggerSet
	task *task.WorkflowTask
	loc  *time.Location
}

// text returns n's message (or a default one for the event) with its tokens replaced.
func (m message) text(n rule.Notification, onEvent int) (string, string) {
	title := "Workflow: " + m.rule.Name
	msg := n.Message
	if msg == "" {
		switch {
		case m.task != nil && onEvent == rule.OnOverdue:
			msg = "The task {TaskName} was due {TaskDueDate} and is overdue."
		case m.task != nil && onEvent == rule.OnCompleted:
			msg = "The task {TaskName} was completed."
		case m.task != nil:
			msg = "New task {TaskName}, due {TaskDueDate}."
		case onEvent == rule.OnCompleted:
			msg = "The workflow {RuleName} completed."
		default:
			msg = "The workflow {RuleName} started."
		}
	}
	r := []string{"{RuleName}", m.rule.Name}
	if m.task != nil {
		loc := m.loc
		if loc == nil {
			loc = time.UTC
		}
		r = append(r, "{TaskName}", m.task.Name, "{TaskDueDate}", m.task.DueAt.In(loc).Format("Jan 2 3:04 PM"), "{AssignedUser}", m.task.AssignedUserID)
	}
	return title, strings.NewReplacer(r...).Replace(msg)
}

// notify returns the writes of the notifications among notes for onEvent, each to its
// recipients (at most MaxRecipients), keyed by change so each is written once.
func (e *Engine) notify(ctx context.Context, t store.Tenant, storeID int64, notes []rule.Notification, onEvent int, m message, change string, now time.Time) ([]store.Op, error) {
	var ops []store.Op
	for i, n := range notes {
		if int(n.OnEvent) != onEvent || n.Deleted {
			continue
		}
		to, err := e.recipients(ctx, t, storeID, n)
		if err != nil {
			return nil, err
		}
		title, text := m.text(n, onEvent)
		link := ""
		if m.task != nil {
			link = fmt.Sprintf("#/contact/%d", m.task.ContactID)
		}
		for _, id := range to {
			_, nops, _, err := notification.Ops(t, notification.Notification{UserID: id, FromUserID: "workflow", Title: title, Message: text, Link: link}, fmt.Sprintf("%s-%d", change, i), now)
			if err != nil {
				return nil, err
			}
			ops = append(ops, nops...)
		}
	}
	return ops, nil
}

// recipients returns the active users notification n names, at most MaxRecipients.
func (e *Engine) recipients(ctx context.Context, t store.Tenant, storeID int64, n rule.Notification) ([]string, error) {
	var out []string
	add := func(id string) {
		if id != "" && !slices.Contains(out, id) && len(out) < MaxRecipients {
			out = append(out, id)
		}
	}
	switch n.RecipientType {
	case rule.RecipientUser:
		users, err := e.users.List(ctx, t)
		if err != nil {
			return nil, err
		}
		for _, id := range n.UserIDs {
			if slices.ContainsFunc(users, func(p user.Profile) bool { return p.UserID == id && p.Active() }) {
				add(id)
			}
		}
	case rule.RecipientGroup:
		gid, _ := strconv.ParseInt(n.GroupID, 10, 64)
		gs, err := e.groups.List(ctx, t)
		if err != nil {
			return nil, err
		}
		for _, g := range gs {
			if g.GroupID == gid && g.Active {
				for _, id := range g.MemberUserIDs {
					add(id)
				}
			}
		}
	case rule.RecipientRole:
		users, err := e.users.List(ctx, t)
		if err != nil {
			return nil, err
		}
		for _, p := range users {
			if p.Active() && slices.Contains(p.Roles, n.RoleID) && (n.EnterpriseNotification || p.BelongsToAny([]int64{storeID})) {
				add(p.UserID)
			}
		}
	}
	return out, nil
}

// onDue handles a task's due timer: an open manual task becomes Overdue (its overdue
// notifications sent); an open automated task does its action, is recorded in the customer's
// activity and completes. The instance completes when its last open task completes.
func (e *Engine) onDue(ctx context.Context, ev eventbus.Event) ([]store.Op, error) {
	var d rule.TaskDue
	if err := json.Unmarshal(ev.Detail, &d); err != nil {
		return nil, fmt.Errorf("decode due timer: %w", err)
	}
	t, err := store.NewTenant(ev.Account)
	if err != nil {
		return nil, err
	}
	w, v, err := e.tasks.Workflow(ctx, t, d.ContactID, d.TaskID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !w.Open() || w.Status == task.StatusOverdue {
		return nil, nil
	}
	if !d.Due.IsZero() && !d.Due.Equal(w.DueAt) {
		// The task was rescheduled after this timer was set: its own timer is due later.
		return nil, nil
	}
	vi, err := e.rules.Instance(ctx, t, d.ContactID, d.WorkflowID)
	if err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return nil, nil
		}
		return nil, err
	}
	r, err := e.rules.Get(ctx, t, w.TriggerSetID, nil)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return nil, err
	}
	var rt rule.Task
	if i := slices.IndexFunc(r.TriggerSetTasks, func(x rule.Task) bool { return x.TriggerSetTaskID == w.TriggerSetTaskID }); i >= 0 {
		rt = r.TriggerSetTasks[i]
	}
	now := e.now().UTC()
	m := message{rule: r, task: &w}
	if !w.Automated {
		// Every view shows the task Overdue already: a user's change made over the version
		// before this mark is not stale for it (task.Changeable).
		w.Status, w.OverdueOver = task.StatusOverdue, v
		op, err := task.WorkflowUpdateOp(t, w, v)
		if err != nil {
			return nil, err
		}
		notes, err := e.notify(ctx, t, w.AccountPlatformID, rt.TriggerSetTaskNotifications, rule.OnOverdue, m, w.ID+"-overdue", now)
		if err != nil {
			return nil, err
		}
		return append([]store.Op{op}, notes...), nil
	}
	// The automated action: the template text or e-mail, sent once and recorded in the customer's
	// activity once (by its idempotency key). A message the provider will never send (no
	// address, a suppressed one, a store without e-mail) is recorded as not sent and the task
	// becomes Overdue for a person to take over; an outage is an error, so the timer's event is
	// delivered again.
	var sent bool
	if IsText(w) {
		var later time.Time
		sent, later, err = e.sendText(ctx, t, w, rt)
		if err != nil {
			return nil, err
		}
		if !later.IsZero() {
			// The customer's quiet hours: the task waits for their end, on a timer of its own.
			w.DueAt = later
			op, err := task.WorkflowUpdateOp(t, w, v)
			if err != nil {
				return nil, err
			}
			due, err := rule.DueTimerOp(t, w, now)
			if err != nil {
				return nil, err
			}
			return []store.Op{op, due}, nil
		}
	} else if sent, err = e.sendTemplate(ctx, t, w, rt); err != nil {
		return nil, err
	}
	if !sent {
		w.Status = task.StatusOverdue
		op, err := task.WorkflowUpdateOp(t, w, v)
		if err != nil {
			return nil, err
		}
		notes, err := e.notify(ctx, t, w.AccountPlatformID, rt.TriggerSetTaskNotifications, rule.OnOverdue, m, w.ID+"-overdue", now)
		if err != nil {
			return nil, err
		}
		return append([]store.Op{op}, notes...), nil
	}
	done := now
	w.Status, w.CompletedAt = task.StatusCompleted, &done
	op, err := task.WorkflowUpdateOp(t, w, v)
	if err != nil {
		return nil, err
	}
	ops := []store.Op{op}
	notes, err := e.notify(ctx, t, w.AccountPlatformID, rt.TriggerSetTaskNotifications, rule.OnCompleted, m, w.ID+"-done", now)
	if err != nil {
		return nil, err
	}
	ops = append(ops, notes...)
	finished, err := e.finishOps(ctx, t, vi, r, w.ID, "workflow", now)
	if err != nil {
		return nil, err
	}
	return append(ops, finished...), nil
}

// finishOps returns the writes that complete instance vi of rule r when no task of it but
// closing (being completed or cancelled now) is open: the instance's end and its rule's
// completion notifications. It returns none while another task is open.
func (e *Engine) finishOps(ctx context.Context, t store.Tenant, vi rule.VersionedInstance, r rule.TriggerSet, closing, by string, now time.Time) ([]store.Op, error) {
	if !vi.Active() {
		return nil, nil
	}
	for _, id := range vi.TaskIDs {
		if id == closing {
			continue
		}
		o, _, err := e.tasks.Workflow(ctx, t, vi.ContactID, id)
		if apperr.CodeOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		if o.Open() {
			return nil, nil
		}
	}
	ops, _, err := e.rules.StopOpsClosing(ctx, t, e.tasks, vi, closing, rule.InstanceSuccess, by, "Every task is done.", now)
	if err != nil {
		return nil, err
	}
	notes, err := e.notify(ctx, t, vi.AccountPlatformID, r.TriggerSetNotifications, rule.OnCompleted, message{rule: r}, vi.ID+"-done", now)
	if err != nil {
		return nil, err
	}
	return append(ops, notes...), nil
}

// onTaskChanged keeps a workflow in step with a user's change of one of its tasks: a
// reschedule moves the task's due timer; a completion or a cancellation cancels it, and the
// workflow completes once none of its tasks is open.
func (e *Engine) onTaskChanged(ctx context.Context, ev eventbus.Event) ([]store.Op, error) {
	var d task.Changed
	if err := json.Unmarshal(ev.Detail, &d); err != nil {
		return nil, fmt.Errorf("decode task change: %w", err)
	}
	if d.Task.WorkflowInstanceID == "" {
		return nil, nil
	}
	t, err := store.NewTenant(ev.Account)
	if err != nil {
		return nil, err
	}
	w := task.WorkflowTask{Task: d.Task}
	now := e.now().UTC()
	if ev.Type == task.EventRescheduled {
		if d.FromDueAt == nil {
			return nil, nil
		}
		cancel, err := timer.CancelOp(t, rule.DueTimerID(w.ID, *d.FromDueAt))
		if err != nil {
			return nil, err
		}
		ops := []store.Op{cancel}
		cur, _, err := e.tasks.Workflow(ctx, t, w.ContactID, w.ID)
		if err != nil && apperr.CodeOf(err) != apperr.NotFound {
			return nil, err
		}
		// A task closed or rescheduled again since has no use for this due time.
		if err == nil && cur.Open() && cur.DueAt.Equal(w.DueAt) {
			due, err := rule.DueTimerOp(t, w, now)
			if err != nil {
				return nil, err
			}
			ops = append(ops, due)
		}
		return ops, nil
	}
	cancel, err := timerCancel(t, w)
	if err != nil {
		return nil, err
	}
	ops := []store.Op{cancel}
	vi, err := e.rules.Instance(ctx, t, w.ContactID, w.WorkflowInstanceID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return ops, nil
	}
	if err != nil {
		return nil, err
	}
	r, err := e.rules.Get(ctx, t, w.TriggerSetID, nil)
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		return nil, err
	}
	finished, err := e.finishOps(ctx, t, vi, r, w.ID, d.UserID, now)
	if err != nil {
		return nil, err
	}
	return append(ops, finished...), nil
}

// onCopy makes one queued copy of a rule in a store.
func (e *Engine) onCopy(ctx context.Context, ev eventbus.Event) ([]store.Op, error) {
	var c rule.CopyRequest
	if err := json.Unmarshal(ev.Detail, &c); err != nil {
		return nil, fmt.Errorf("decode copy request: %w", err)
	}
	t, err := store.NewTenant(ev.Account)
	if err != nil {
		return nil, err
	}
	src, err := e.rules.StoredForCopy(ctx, t, c.TriggerSetID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	ops, _, err := e.rules.CopyOps(ctx, t, src, c.AccountPlatformID, c.UserID, c.Key)
	return ops, err
}

// Details of the activity entry of an automated e-mail.
const (
	MailStatusSent   = "sent"
	MailStatusFailed = "failed"
)

// sendTemplate sends automated task w's template e-mail (of rule task rt) to its customer
// through the store's mail provider and records the send, or why it could not be sent, in the
// customer's activity under the key wf-auto-{task}. It reports whether the e-mail was sent. An
// entry recorded already (an earlier delivery of the timer's event) is the answer: nothing is
// sent again. A provider that may accept the message later is an error, and nothing is recorded.
func (e *Engine) sendTemplate(ctx context.Context, t store.Tenant, w task.WorkflowTask, rt rule.Task) (bool, error) {
	key := "wf-auto-" + w.ID
	if prev, err := e.activity.ByKey(ctx, t, w.ContactID, key); err == nil {
		return prev.Details["status"] != MailStatusFailed, nil
	} else if apperr.CodeOf(err) != apperr.NotFound {
		return false, err
	}
	template := rt.EmailTemplate
	if template == "" {
		template = w.Name
	}
	details := map[string]string{"workflowId": w.WorkflowInstanceID, "taskId": w.ID, "template": template}
	msg, err := e.templateMessage(ctx, t, w, template)
	var sent mail.Sent
	if err == nil {
		var sender mail.Sender
		if sender, err = e.mailers.Mailer(ctx, t, w.AccountPlatformID); err == nil {
			sent, err = sender.Send(ctx, msg)
		}
	}
	var me *mail.Error
	if errors.As(err, &me) && me.Retryable {
		return false, err
	}
	text := fmt.Sprintf("Automated e-mail sent to %s: %s (template %s)", msg.To, msg.Subject, template)
	if err != nil {
		var reason, code string
		if ae, ok := apperr.As(err); ok && (ae.Code == apperr.Conflict || ae.Code == apperr.Invalid || ae.Code == apperr.NotFound) {
			reason, code = ae.Message, "NOT_SENDABLE"
		} else if me != nil {
			reason, code = me.Message, me.Code
		} else {
			return false, err
		}
		text = fmt.Sprintf("Automated e-mail not sent: %s (template %s). %s", w.Name, template, reason)
		details["status"], details["error"] = MailStatusFailed, code
	} else {
		details["status"], details["messageId"], details["to"], details["from"] = MailStatusSent, sent.MessageID, msg.To, sent.From
	}
	_, _, err = e.activity.Record(ctx, t, activity.New{
		ContactID: w.ContactID, AccountPlatformID: w.AccountPlatformID, Kind: activity.KindEmail, Direction: activity.Outbound,
		Text: text, Details: details, UserID: "workflow", UserName: "Workflow", Key: key,
	})
	if err != nil {
		return false, err
	}
	return details["status"] == MailStatusSent, nil
}

// templateMessage returns the e-mail of template for automated task w: to the customer's
// preferred address (else their first one) that did not opt out, from the store. A customer
// without such an address is an Invalid error.
func (e *Engine) templateMessage(ctx context.Context, t store.Tenant, w task.WorkflowTask, template string) (mail.Message, error) {
	c, err := e.contacts.Get(ctx, t, w.ContactID)
	if err != nil {
		return mail.Message{}, err
	}
	to, optedOut := "", false
	for _, a := range c.Emails {
		if a.OptOut {
			optedOut = true
			continue
		}
		if to == "" || a.IsPreferred {
			to = a.Email
		}
	}
	switch {
	case to == "" && optedOut:
		return mail.Message{}, apperr.Errorf(apperr.Invalid, "The customer opted out of e-mail.")
	case to == "":
		return mail.Message{}, apperr.Errorf(apperr.Invalid, "The customer has no e-mail address.")
	}
	storeName := ""
	if e.accounts != nil {
		if st, err := e.accounts.Store(ctx, t, w.AccountPlatformID); err == nil {
			storeName = st.Name
		}
	}
	greeting := "Hello"
	if c.FirstName != "" {
		greeting += " " + c.FirstName
	}
	body := strings.TrimSpace(w.Description)
	if body == "" {
		body = template
	}
	body = strings.NewReplacer("{CustomerName}", strings.TrimSpace(c.FirstName+" "+c.LastName), "{StoreName}", storeName).Replace(body)
	subject := template
	if storeName != "" {
		subject += " from " + storeName
	}
	return mail.Message{Tenant: t, AccountPlatformID: w.AccountPlatformID, To: to, FromName: storeName,
		Subject: subject, Text: fmt.Sprintf("%s,\n\n%s\n\n%s\n", greeting, body, storeName), Reference: w.ID}, nil
}

// IsText reports whether automated task w texts the customer: its action is a text.
func IsText(w task.WorkflowTask) bool {
	return strings.EqualFold(strings.TrimSpace(w.TaskType), "text") || strings.EqualFold(strings.TrimSpace(w.TaskType), "sms")
}

// sendText texts automated task w's template (of rule task rt) to its customer through
// texting.Service.Send, which asks the consent ledger first, once under the key wf-auto-{task}.
// It reports whether the text was sent, or when to try again: a text the customer's quiet
// hours hold back waits for their end. A text the ledger refuses (an opt-out, do not text,
// CASL) or the provider will never send is not sent: that is recorded in the customer's
// activity as the task's and the task becomes Overdue for a person. A provider that may send
// later is an error, so the timer's event is delivered again.
func (e *Engine) sendText(ctx context.Context, t store.Tenant, w task.WorkflowTask, rt rule.Task) (bool, time.Time, error) {
	key := "wf-auto-" + w.ID
	if prev, err := e.activity.ByKey(ctx, t, w.ContactID, key); err == nil {
		return prev.Kind == activity.KindText, time.Time{}, nil
	} else if apperr.CodeOf(err) != apperr.NotFound {
		return false, time.Time{}, err
	}
	template := rt.EmailTemplate
	if template == "" {
		template = w.Name
	}
	text, err := e.templateText(ctx, t, w, template)
	if err != nil {
		return false, time.Time{}, err
	}
	res, err := e.texts.Send(ctx, t, texting.Message{ContactID: w.ContactID, AccountPlatformID: w.AccountPlatformID, Text: text,
		Path: texting.PathWorkflow, Template: template, UserID: "workflow", UserName: "Workflow", Key: key})
	var se *sms.Error
	if errors.As(err, &se) && se.Retryable {
		return false, time.Time{}, err
	}
	reason, code := "", ""
	switch {
	case err == nil && res.Sent:
		return true, time.Time{}, nil
	case err == nil && res.Decision.Reason == consent.ReasonQuietHours && !res.Decision.NotBefore.IsZero():
		return false, res.Decision.NotBefore, nil
	case err == nil:
		reason, code = res.Decision.Message, string(res.Decision.Reason)
	default:
		ae, ok := apperr.As(err)
		if !ok || ae.Code == apperr.Internal {
			return false, time.Time{}, err
		}
		reason, code = ae.Message, "NOT_SENDABLE"
	}
	details := map[string]string{"workflowId": w.WorkflowInstanceID, "taskId": w.ID, "template": template, "status": MailStatusFailed,
		"error": code, texting.DetailAutomated: "true", texting.DetailPath: string(texting.PathWorkflow)}
	_, _, err = e.activity.Record(ctx, t, activity.New{
		ContactID: w.ContactID, AccountPlatformID: w.AccountPlatformID, Kind: activity.KindTask,
		Text: fmt.Sprintf("Automated text not sent: %s (template %s). %s", w.Name, template, reason), Details: details,
		UserID: "workflow", UserName: "Workflow", Key: key,
	})
	return false, time.Time{}, err
}

// templateText is the text of template for automated task w: the task's description (else the
// template's name) with the customer's and the store's names, signed by the store.
func (e *Engine) templateText(ctx context.Context, t store.Tenant, w task.WorkflowTask, template string) (string, error) {
	c, err := e.contacts.Get(ctx, t, w.ContactID)
	if err != nil {
		return "", err
	}
	storeName := ""
	if e.accounts != nil {
		if st, err := e.accounts.Store(ctx, t, w.AccountPlatformID); err == nil {
			storeName = st.Name
		}
	}
	body := strings.TrimSpace(w.Description)
	if body == "" {
		body = template
	}
	body = strings.NewReplacer("{FirstName}", c.FirstName, "{CustomerName}", c.FullName(), "{StoreName}", storeName).Replace(body)
	greeting := "Hi"
	if c.FirstName != "" {
		greeting += " " + c.FirstName
	}
	text := greeting + ", " + body
	if storeName != "" {
		text += " - " + storeName
	}
	return text, nil
}

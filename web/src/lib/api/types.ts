import type { components } from './schema';

// The app's names for the contract's types, all generated from the OpenAPI document.
type Schemas = components['schemas'];

/**
 * The signed-in user, as GET /users/currentUser returns it; under impersonation the impersonated
 * user, with IsImpersonating and the real user in ImpersonatedBy.
 */
export type AppUser = Schemas['functions.users.AppUser'];

/** A store (account platform) the user may work in or view. */
export type Store = Schemas['functions.users.StoreRef'];

/** A saved user setting. */
export type UserSetting = Schemas['domain.user.Setting'];

/** The body of PUT /usersettings/key/{key}. */
export type SaveUserSettingBody = Schemas['users.SaveSettingInputBody'];

/** A notification sent to the signed-in user, with whether they read it. */
export type UserNotification = Schemas['domain.notification.Notification'];

/** A staff chat group and one of its messages (GET /group/CheckForGroup, POST /message/history). */
export type ChatGroup = Schemas['domain.chat.Group'];
export type ChatMessage = Schemas['domain.chat.Message'];
/** The result of POST /message/send: the group and the stored message. */
export type ChatSent = Schemas['functions.chat.Sent'];
/** One of the signed-in user's chats with its last message (GET /message/groups). */
export type RecentChat = Schemas['functions.chat.RecentChat'];

/** A page of the signed-in user's notifications (GET /users/notifications), newest first. */
export type NotificationPage = Schemas['functions.users.NotificationPage'];

/** A number of notifications: those unread, or those just marked read. */
export type NotificationCount = Schemas['functions.users.NotificationCount'];

/** The paging block of a `{successful, data, pageData}` envelope. */
export type PageData = Schemas['runtime.httpapi.PageData'];

/** The body of every error response. */
export type ErrorBody = Schemas['runtime.httpapi.ErrorBody'];

/** What the menus and screens need to know about the selected stores' features and settings. */
export type UIDealerSettings = Schemas['functions.dealers.UIDealerSettings'];

/** One store's dealer settings at the version they were read at (0: never saved). */
export type StoreSettings = Schemas['domain.dealer.StoreSettings'];

/** The body of POST /api/dealer_settings/save_account_platform_settings. */
export type StoreSettingsChange = Schemas['functions.dealers.DealerSettingsChange'];

/** An employee of the dealer group, as GET /core/users lists them. */
export type StaffUser = Schemas['functions.core.StaffUser'];

/** The data of POST /auth/impersonation: the token to act as the subject, for the actor. */
export type ImpersonationGrant = Schemas['functions.auth.Impersonation'];

/** The data of POST /auth/impersonation/end. */
export type EndedImpersonation = Schemas['functions.auth.EndedImpersonation'];

/** A customer (contact) with all its fields and lists. */
export type Contact = Schemas['domain.contact.Contact'];

/** One of a customer's phones. */
export type ContactPhone = Schemas['domain.contact.Phone'];

/** One of a customer's e-mail addresses. */
export type ContactEmail = Schemas['domain.contact.Email'];

/** The body of POST /crm/contacts/search. */
export type ContactSearchBody = Schemas['contacts.SearchInputBody'];

/** A page of customer search results, with how the term was read. */
export type ContactSearchResults = Schemas['functions.contacts.SearchResults'];

/** How the quick search read a term: its kind and the value searched. */
export type SearchTerm = Schemas['value.searchterm.Term'];

/** One customer in search results. */
export type ContactMatch = Schemas['domain.contact.Match'];

/** The body of POST /crm/contacts/advanced_search. */
export type AdvancedSearchBody = Schemas['contacts.AdvancedSearchInputBody'];

/** A customer the signed-in user opened, with when. */
export type ViewedContact = Schemas['domain.contact.Viewed'];

/** What a user may do with a customer. */
export type ContactPermission = Schemas['domain.contact.Permission'];

/** The whole value of one of a customer's sensitive fields (POST /crm/contacts/{id}/sensitive/reveal). */
export type RevealedSensitive = Schemas['functions.contacts.Revealed'];

/** The body of POST /crm/contacts/{id}/sensitive/reveal. */
export type RevealSensitiveBody = Schemas['contacts.RevealInputBody'];

/** A customer's hot mark after POST /crm/contacts/{id}/actions/mark_as_hot. */
export type ContactHotState = Schemas['functions.contacts.HotState'];

/** A customer's snapshot: open lead tasks, processes, last contact, next activity, last service visit. */
export type ContactSnapshot = Schemas['functions.contacts.Snapshot'];

/** A customer's service summary: repair order count and totals by who paid. */
export type ServiceTotals = Schemas['domain.repairorder.Totals'];

/** One of a customer's vehicles with its service visits. */
export type ServiceVehicle = Schemas['domain.repairorder.VehicleHistory'];

/** One service visit (repair order) of a vehicle. */
export type ServiceVisit = Schemas['domain.repairorder.Visit'];

/** The body of PUT /crm/contacts/{id}/driver_license_*. */
export type PutImageBody = Schemas['contacts.PutImageInputBody'];

/** A stored licence image. */
export type ImageSaved = Schemas['functions.contacts.ImageSaved'];

/** The body of POST /crm/prospect/add. */
export type AddProspectBody = Schemas['contacts.ProspectInputBody'];

/** The answer of POST /crm/prospect/add: likely duplicates, or the created customer. */
export type ProspectResult = Schemas['functions.contacts.ProspectResult'];

/** An existing customer a prospect probably duplicates, and why. */
export type DuplicateContact = Schemas['domain.contact.Duplicate'];

/** A deal sheet. */
export type Dealsheet = Schemas['domain.dealsheet.Dealsheet'];

/** One save in a customer's change log: who, when, and the fields it changed. */
export type ChangeLogEntry = Schemas['domain.changelog.Revision'];

/** One field a save changed, by its JSON path; sensitive values come masked. */
export type ChangeLogChange = Schemas['domain.changelog.Change'];

/** The filter of POST /crm/contacts/{id}/change_log. */
export type ChangeLogFilter = Schemas['functions.contacts.ChangeLogFilter'];

/** The user's contact merge session: its store and at most two customers. */
export type MergeSession = Schemas['functions.merge.MergeSession'];

/** A customer of a merge session, with what tells it apart from the other. */
export type MergeSessionMember = Schemas['functions.merge.MergeSessionMember'];

/** What tells a customer of a merge session apart: store, phones, e-mails, creation, activity, leads. */
export type MergeMemberDetails = NonNullable<Schemas['functions.merge.MergeMemberDetails']>;

/** A merge: the survivor as it becomes, the customer merged into it, and what changes. */
export type MergeResult = Schemas['functions.merge.MergeResult'];

/** A customer as a merge shows it. */
export type MergeContact = Schemas['functions.merge.MergeContact'];

/** The data of POST /api/contact/merge/delete_session. */
export type MergeDeleted = Schemas['functions.merge.MergeDeleted'];

/** One entry of a customer's activity: a call, a note, a send to desking, a view... */
export type ActivityEntry = Schemas['domain.activity.Entry'];

/** One page of a customer's activity, newest first, with the cursor of the next page. */
export type ActivityFeed = Schemas['functions.activity.ActivityFeed'];

/** A customer's activity counts per category and conversation per channel. */
export type ActivitySummary = Schemas['domain.activity.Summary'];

/** The body of POST /crm/contacts/{id}/actions/log_phone_call. */
export type LogCallBody = Schemas['activity.LogCallInputBody'];

/** The body of POST /crm/contacts/{id}/actions/log_note and /log_customer_note. */
export type LogNoteBody = Schemas['activity.LogNoteInputBody'];

/** The body of POST /crm/contacts/{id}/actions/send_to_desking. */
export type SendToDeskingBody = Schemas['desking.SendToDeskingInputBody'];

/** The body of POST /crm/contacts/{contactId}/actions/start_outbound_call. */
export type OutboundCallBody = Schemas['calltracking.OutboundCallInputBody'];

/** A started click-to-call with its activity entry. */
export type OutboundCall = Schemas['functions.calltracking.OutboundCall'];

/** Whether a store has desking. */
export type DeskingStatus = Schemas['functions.desking.DeskingStatus'];

/** A member of a customer's household, with the member's contact summary. */
export type HouseholdMember = Schemas['functions.relations.HouseholdMember'];

/** A customer to add to a household. */
export type NewHouseholdMember = Schemas['functions.relations.NewMember'];

/** The users assigned to a customer, one per assignable role. */
export type ContactAssignments = Schemas['functions.relations.ContactAssignments'];

/** One role's assignment on a customer. */
export type RoleAssignment = Schemas['functions.relations.RoleAssignment'];

/** A change of one role's user on a customer. */
export type RoleChange = Schemas['domain.assignment.RoleChange'];

/** What a bulk reassignment moves: a role's customers from one user to another in some stores. */
export type BulkCriteria = Schemas['domain.assignment.BulkCriteria'];

/** A bulk reassignment job with its progress. */
export type BulkJob = Schemas['domain.assignment.BulkJob'];

/** The users a bulk reassignment of a role in some stores offers (GET /api/contacts/bulk/assignments/users). */
export type BulkUsers = Schemas['functions.relations.BulkUsers'];

/** A user a bulk reassignment offers, with the stores among those chosen they work at. */
export type BulkUser = Schemas['functions.relations.BulkUser'];

/** The same customer's record at another store of the group. */
export type LinkedContact = Schemas['functions.relations.LinkedContact'];

/** A customer of another store who may be the same person. */
export type PotentialLink = Schemas['functions.relations.PotentialLink'];

/** A customer's lifetime value across the group. */
export type EnterpriseValue = Schemas['functions.relations.EnterpriseValue'];

/** A tag on a customer. */
export type ContactTag = Schemas['domain.contact.Tag'];

/** One of the dealer group's tags: name, tag type, colour and description. */
export type TagDefinition = Schemas['domain.tag.Definition'];

/** A lead as the lead calls return it, with the status the lists show (displayStatusId). */
export type LeadView = Schemas['functions.leads.View'];

/** A lead as the Leads Log lists it, with its store, customer, type and holders named. */
export type LeadsLogRow = Schemas['functions.leads.LogRow'];

/** The Leads Log's filter (the body of POST /api/CrmLead/dashboard/count and /export). */
export type LeadsLogFilter = Schemas['functions.leads.LogFilter'];

/** The body of POST /api/CrmLead/dashboard/search: the filter and the page. */
export type LeadsLogSearchBody = Schemas['leads.LogSearchInputBody'];

/** How many leads of the Leads Log's filter are in one status. */
export type LeadStatusCount = Schemas['domain.lead.StatusCount'];

/** The manager dashboard's lead counts per status, with whether the stores take claims. */
export type ManagerLeadCounts = Schemas['functions.leads.ManagerCounts'];

/** The lead types and sources of one store. */
export type LeadStoreSources = Schemas['functions.leads.StoreSources'];

/** Who holds a lead, as the assignment and claim calls answer. */
export type LeadAssignments = Schemas['functions.leads.Assignments'];

/** A vehicle a lead's customer is interested in; isPrimary marks the customer's chosen one. */
export type LeadVehicleOfInterest = Schemas['domain.lead.VehicleOfInterest'];

/** A vehicle a lead's customer trades in, with its payoff and appraised value. */
export type LeadTradeIn = Schemas['domain.lead.TradeIn'];

/** A lead's vehicles of one kind, as the lead-vehicle calls answer (addedId after an add). */
export type LeadVehicles = Schemas['functions.leads.LeadVehicles'];

/** Who holds a lead: the body of PUT /api/crmlead/{id}/assignments. */
export type LeadAssignmentBody = Schemas['domain.lead.Assignment'];

/** The body of POST /api/CrmLead/save: a new lead (no crmLeadId), or a lead's comments, type and source at a version. */
export type SaveLeadBody = Schemas['leads.SaveInputBody'];

/** The body of POST /api/Lead/getLeads: a customer, optionally some stores. */
export type CustomerLeadsBody = Schemas['leads.CustomerLeadsInputBody'];

/** An employee of one store with their permissions (POST /core/users/withpermissions). */
export type PermittedUser = Schemas['functions.core.PermittedUser'];

/** One credit inquiry at one bureau, as the credit calls answer it. */
export type CreditRequest = Schemas['functions.credit.CreditRequest'];

/** The body of POST /api/credit/sevenhundredcredit/create_base_request and /pre_screen. */
export type CreditOrderBody = Schemas['credit.CreditOrderInputBody'];

/** A customer's task as the profile lists it: due time in its store's time zone, assigned user, lead and whether the caller may change it. */
export type TaskView = Schemas['functions.tasks.TaskView'];

/** A user who may hold a store's tasks. */
export type TaskAssignee = Schemas['functions.tasks.Assignee'];

/** The users who may hold a store's tasks, with the store's time zone (GET /pando/pandox/task/assignees). */
export type TaskAssignees = Schemas['functions.tasks.StoreAssignees'];

/** The body of POST /crm/contacts/{id}/task/search. */
export type TaskSearchBody = Schemas['tasks.TaskSearchInputBody'];

/** The task a change names, at the version it was read (POST /pando/pandox/task/complete and /cancel). */
export type TaskRef = Schemas['functions.tasks.TaskRef'];

/** The body of POST /pando/pandox/task/reschedule: a new due time as the store's clocks read it. */
export type RescheduleTaskBody = Schemas['tasks.RescheduleInputBody'];

/** The body of POST /pando/pandox/task/reassign. */
export type ReassignTaskBody = Schemas['tasks.ReassignInputBody'];

/** The body of POST /pando/pandox/task: a new task about a customer. */
export type CreateTaskBody = Schemas['tasks.CreateInputBody'];

/** A workflow rule (trigger set) with its triggers, terminators, tasks, notifications and filters. */
export type TriggerSet = Schemas['domain.rule.TriggerSet'];

/** A task of a workflow rule. */
export type RuleTask = Schemas['domain.rule.Task'];

/** A notification of a workflow rule or of one of its tasks. */
export type RuleNotification = Schemas['domain.rule.Notification'];

/** A filter of a workflow rule. */
export type RuleFilter = Schemas['domain.rule.Filter'];

/** A rule group of a store. */
export type RuleGroup = Schemas['domain.rule.Group'];

/** A rule group with its rules, as the Workflow Manager lists them. */
export type RuleGroupList = Schemas['functions.rules.RuleGroupList'];

/** A rule's running workflows: their customers, open and overdue tasks. */
export type RuleStatusCounts = Schemas['functions.rules.StatusCounts'];

/** The rule editor's lookups: action, activity, filter and rule group types. */
export type RuleLookups = Schemas['functions.rules.ActionTypesResult'];

/** An action type paired with the activity type that records it. */
export type RuleActionType = Schemas['domain.rule.ActionType'];

/** One changed rule field of the change log. */
export type RuleChange = Schemas['domain.rule.LogEntry'];

/** A store's sold or lease follow-up rule group and its seed status. */
export type RuleReseedStatus = Schemas['functions.rules.ReseedStatus'];

/** A customer's workflow with its tasks. */
export type CustomerWorkflow = Schemas['functions.rules.Workflow'];

/** A vehicle of a customer's garage: current or previously owned (noLongerOwns), with its contract. */
export type GarageVehicle = Schemas['domain.garage.Vehicle'];

/** A customer's garage: current and previously owned vehicles and their leads' vehicles of interest. */
export type CustomerGarage = Schemas['functions.garage.Garage'];

/** A vehicle of interest of one of the customer's leads. */
export type InterestVehicle = Schemas['functions.garage.InterestVehicle'];

/** What a VIN decodes to from the catalogue (NHTSA vPIC), with its check digit verdict. */
export type DecodedVin = Schemas['domain.vehicle.Decoded'];

/** The body of POST /crm/contacts/{id}/vehicles/current_vehicles. */
export type SaveGarageVehicleBody = Schemas['garage.SaveVehicleInputBody'];

/** A contract of a garage vehicle as a user sets it. */
export type GarageContractInput = Schemas['domain.garage.ContractInput'];

/** A garage vehicle's trade value with its history. */
export type TradeValueInfo = Schemas['functions.garage.TradeValueInfo'];

/** A garage vehicle's safety recalls, in the shape of NHTSA's recalls API. */
export type VehicleRecalls = Schemas['functions.garage.VehicleRecalls'];

/** A garage vehicle's opportunity score with the factors it is made of. */
export type OpportunityScore = Schemas['domain.garage.Score'];

/** One factor of a garage vehicle's opportunity score and its contribution. */
export type ScoreFactor = Schemas['domain.garage.ScoreFactor'];

/** An appraisal of a vehicle at the store's appraisal provider (vAuto). */
export type Appraisal = Schemas['provider.appraisal.Appraisal'];

/** One of a store's appraisers at the appraisal provider. */
export type Appraiser = Schemas['provider.appraisal.Appraiser'];

/** A garage vehicle's newest appraisal, or none. */
export type LatestAppraisal = Schemas['functions.garage.LatestAppraisal'];

/** A new appraisal with the vehicle whose trade value it set. */
export type AppraisalResult = Schemas['functions.garage.AppraisalResult'];

/** A garage vehicle's history report (CARFAX Canada). */
export type VehicleHistoryReport = Schemas['functions.garage.VehicleHistoryReport'];

/** A garage vehicle's manufacturer tag details (Ford OASIS). */
export type ManufacturerTagDetails = Schemas['functions.garage.ManufacturerTagDetails'];
/** An appointment as the calendar and the profile show it: local times in its store's time zone, the overlap flag and the moves the caller may make. */
export type AppointmentView = Schemas['functions.calendar.EventView'];

/** The answer of POST /pando/calendarevent: the window's appointments, or the one just set. */
export type CalendarSearchResult = Schemas['functions.calendar.SearchResult'];

/** The body of POST /pando/calendarevent: a calendar search, or with event an appointment to set. */
export type CalendarSearchBody = Schemas['calendar.SearchInputBody'];

/** An appointment to set (the event of POST /pando/calendarevent). */
export type NewAppointment = Schemas['functions.calendar.NewEvent'];

/** The body of PUT /pando/calendarevent/{id}/{path}: the version read, and a reschedule's new time. */
export type AppointmentChangeBody = Schemas['calendar.ChangeInputBody'];
/** A workflow template as the start list and the template search show it. */
export type TemplateSummary = Schemas['functions.processes.TemplateSummary'];

/** The start-process modal's list: WorkflowTemplates and Top5Recent. */
export type StartList = Schemas['functions.processes.StartList'];

/** A process (workflow instance) with its steps, as lists and the form taker show it. */
export type ProcessView = NonNullable<Schemas['functions.processes.ProcessView']>;

/** The answer of a start, save or submit: Outcome, GroupId and the process. */
export type StartResult = Schemas['functions.processes.StartResult'];

/** The body of POST /pando/workflowtemplate/starttemplate/{templateId}/{platformId}. */
export type StartProcessBody = Schemas['processes.StartInputBody'];

/** A form as the form taker loads it: by step, or a template's start form. */
export type FormLoad = Schemas['functions.processes.FormLoad'];

/** A form template: its controls. */
export type ProcessForm = Schemas['domain.process.Form'];

/** One question of a form. */
export type FormControl = Schemas['domain.process.Control'];

/** An answer to one question, in the shape of its control type. */
export type FormAnswer = Schemas['domain.process.Answer'];

/** The body of POST /pando/forms/save and /pando/forms/submit. */
export type FormAnswersBody = Schemas['processes.FormInputBody'];

/** The process dashboard's counts. */
export type ProcessCounts = Schemas['functions.processes.ProcessCounts'];

/** The body of POST /pando/workflow/processDashboard. */
export type ProcessDashboardBody = Schemas['processes.DashboardListInputBody'];
// Visits (touchpoints): the Showroom and Delivery Logs.
export type Visit = Schemas['domain.visit.Visit'];
export type VisitItem = Schemas['domain.visit.Item'];
export type VisitView = Schemas['functions.touchpoints.VisitView'];
export type TouchpointActivityFilter = Schemas['functions.touchpoints.ActivityFilter'];
export type TouchpointActivitySummary = Schemas['functions.touchpoints.TouchpointActivitySummary'];
export type TouchpointSummary = Schemas['functions.touchpoints.TouchpointSummary'];
export type TouchpointPersonSummary = Schemas['functions.touchpoints.PersonSummary'];
export type TouchpointItemFilters = Schemas['functions.touchpoints.TouchpointItemFilters'];
export type TouchpointResults = Schemas['functions.touchpoints.TouchpointResults'];
export type TouchpointSettings = Schemas['functions.touchpoints.TouchpointSettings'];
export type StartTouchpointBody = Schemas['touchpoints.StartInputBody'];
export type EndTouchpointBody = Schemas['touchpoints.EndInputBody'];
export type UpdateTouchpointBody = Schemas['touchpoints.UpdateInputBody'];

/** A dashboard's counts over a date range: totals, one entry per day and one per user. */
export type DashboardSummary = Schemas['functions.dashboards.DashboardSummary'];

/** The service lead counts of the Service Lead Management widget, and the leads behind them. */
export type ServiceLeadCounts = Schemas['functions.dashboards.ServiceLeadCounts'];
export type ServiceLeadDetails = Schemas['functions.dashboards.ServiceLeadDetails'];
export type ServiceLead = Schemas['functions.dashboards.ServiceLead'];

/** The BDC funnel of the leads that arrived in a date range. */
export type DashboardFunnel = Schemas['functions.dashboards.FunnelAnswer'];

/** A lead behind a funnel stage, with its speed-to-lead clocks in business minutes. */
export type DashboardFunnelLead = Schemas['functions.dashboards.FunnelLeadRow'];

/** The speed to lead of the leads that arrived in a date range. */
export type SpeedToLead = Schemas['functions.dashboards.SpeedToLead'];

/** A store's hours on one day of the week, in its time zone (its dealer settings' BusinessHours). */
export type WorkDay = Schemas['domain.workhours.Day'];

/** One user of the team with their counts over a date range. */
export type TeamMember = Schemas['functions.dashboards.TeamMember'];

/** A desk: a customer's deal worked by the sales desk, with its quote and payment scan. */
export type Desk = Schemas['domain.desk.Desk'];

/** A group of desks of POST /api/desking/desk/grouped_search. */
export type DeskGroup = Schemas['functions.desking.DeskGroup'];

/** A store's desking settings (POST /api/desking/settings/get_dealer_settings): its default terms per sale type among them. */
export type DeskingDealerSettings = Schemas['functions.desking.DealerSettings'];

/** The body of POST /api/desking/desk/create. */
export type CreateDeskBody = Schemas['desking.CreateDeskInputBody'];

/** A print form of a store or its dealer group. */
export type PrintForm = Schemas['domain.printform.Form'];

/** A packet of print forms printed together, with its forms. */
export type PrintPacket = Schemas['functions.desking.PacketView'];

/** A dealer template of e-mail or text (getDealerTemplates). */
export type DealerTemplate = Schemas['domain.template.Template'];
/** One e-mail of a customer's history. */
export type EmailMessage = Schemas['domain.emailmessage.Message'];
/** An uploaded e-mail attachment. */
export type EmailFile = Schemas['functions.email.File'];
/** A presigned direct upload of an e-mail attachment. */
export type EmailUploadUrl = Schemas['functions.email.UploadURL'];
/** A template with its tokens filled in for a customer. */
export type ReplacedTemplate = Schemas['functions.email.Replaced'];
/** The answer of sendemail. */
export type SendEmailResult = Schemas['functions.email.SendResult'];

/** A garage vehicle's deal sheet as the DealSheet screen shows it. */
export type DealsheetView = Schemas['functions.dealsheets.DealsheetView'];

/** The deal a sales person builds: amounts in cents, rates in percent. */
export type DealStructure = Schemas['domain.dealsheet.DealStructure'];

/** The vehicle proposed to the customer. */
export type DealReplacement = Schemas['domain.dealsheet.DealReplacement'];

/** A replacement vehicle the customer could be put in, with the deal's payment on it. */
export type ReplacementOption = Schemas['functions.dealsheets.ReplacementOption'];

/** A deal's payment and its 3 × 3 grid, as payment_recalc computes them. */
export type PaymentRecalc = Schemas['functions.dealsheets.PaymentRecalc'];

/** A store's default terms and down payments of the payment grid, and whether the user may set them. */
export type DealerTermsView = Schemas['functions.dealsheets.TermsView'];

/** Three terms and three down payments (cents). */
export type DefaultTerms = Schemas['domain.payment.DefaultTerms'];

/** The turn predictor's estimate of a vehicle's days to turn from the store's sales. */
export type TurnPrediction = Schemas['domain.dealsheet.TurnPrediction'];

/** A computed deal: every amount a deal sheet shows. */
export type PaymentQuote = Schemas['domain.payment.Quote'];

// Call tracking (the Call Log).
export type CallLogRow = Schemas['functions.calltracking.CallLogRow'];
export type CallLogFilter = Schemas['functions.calltracking.CallLogFilter'];
export type CallLogSearchBody = Schemas['calltracking.CallLogSearchInputBody'];
export type CallCounts = Schemas['functions.calltracking.CallCounts'];
export type TrackedCall = Schemas['domain.calllog.Call'];
export type CallArchiveSettings = Schemas['domain.calllog.ArchiveSettings'];

/** Whether a customer may be texted now, from the consent ledger, and why not. */
export type CanText = Schemas['functions.messages.CanText'];

/** The body of POST /crm/contacts/{id}/actions/sms/send. */
export type SendTextBody = Schemas['messages.SendTextInputBody'];

/** A text sent: its activity entry. */
export type SentText = Schemas['functions.messages.SentText'];

/** A store's texting settings: quiet hours and the answer to HELP, with their version. */
export type TextingSettings = Schemas['functions.messages.TextingSettings'];

/** The body of PUT /api/texting/settings/{accountPlatformId}. */
export type TextingSettingsChange = Schemas['messages.SaveSettingsInputBody'];

/** The body of POST /internalLinkVerification (C7.17-021). */
export type LinkVerificationBody = Schemas['messages.LinkVerificationInputBody'];

/** An internal link with its short-lived access token. */
export type VerifiedLink = Schemas['functions.messages.VerifiedLink'];

// The rules feature's public entry: what the app shell and other features may use of it.
export { ruleKeys } from './api/keys';
export { ActivityManagement } from './components/activity-management';
export { RuleGroupsManagement } from './components/rule-groups-page';
export { WorkflowManager } from './components/workflow-manager';

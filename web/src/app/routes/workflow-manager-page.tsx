import { Alert } from '@mantine/core';

import { ActivityManagement, RuleGroupsManagement, WorkflowManager } from '../../features/rules';
import { PERMISSIONS } from '../../lib/access';
import type { AppUser } from '../../lib/api/types';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

/** rulesAccess says whether the user may see the rules screens and change rules. */
function rulesAccess(user: AppUser): { canView: boolean; canEdit: boolean } {
  const perms = user.Permissions ?? [];
  const canEdit = perms.includes(PERMISSIONS.rulesAdmin);
  return { canEdit, canView: canEdit || perms.includes(PERMISSIONS.rulesViewOnly) };
}

function NoAccess() {
  return <Alert color="gray">You do not have access to the workflow rules.</Alert>;
}

/** WorkflowManagerPage is the Workflow Manager for the signed-in user's stores. */
export function WorkflowManagerPage() {
  const { user } = useSession();
  const { canView, canEdit } = rulesAccess(user);
  if (!canView) return <NoAccess />;
  return <WorkflowManager stores={userStores(user)} accountId={user.AccountID} canEdit={canEdit} />;
}

/** RuleGroupsPage is Rule Groups Management for the signed-in user's stores. */
export function RuleGroupsPage() {
  const { user } = useSession();
  const { canView, canEdit } = rulesAccess(user);
  if (!canView) return <NoAccess />;
  return <RuleGroupsManagement stores={userStores(user)} canEdit={canEdit} />;
}

/** ActivityManagementPage is Activity Management: activity types and the action types paired with them. */
export function ActivityManagementPage() {
  const { user } = useSession();
  const { canView, canEdit } = rulesAccess(user);
  if (!canView) return <NoAccess />;
  return <ActivityManagement canEdit={canEdit} />;
}

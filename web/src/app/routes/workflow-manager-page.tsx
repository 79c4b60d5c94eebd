import { Alert, Stack, Title } from '@mantine/core';

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

function NoAccess({ title }: { title: string }) {
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="gray">You do not have access to the workflow rules.</Alert>
    </Stack>
  );
}

/** WorkflowManagerPage is the Workflow Manager for the signed-in user's stores. */
export function WorkflowManagerPage() {
  const { user } = useSession();
  const { canView, canEdit } = rulesAccess(user);
  if (!canView) return <NoAccess title="Workflow Manager" />;
  return <WorkflowManager stores={userStores(user)} accountId={user.AccountID} canEdit={canEdit} />;
}

/** RuleGroupsPage is Rule Groups Management for the signed-in user's stores. */
export function RuleGroupsPage() {
  const { user } = useSession();
  const { canView, canEdit } = rulesAccess(user);
  if (!canView) return <NoAccess title="Rule Groups Management" />;
  return <RuleGroupsManagement stores={userStores(user)} canEdit={canEdit} />;
}

/** ActivityManagementPage is Activity Management: activity types and the action types paired with them. */
export function ActivityManagementPage() {
  const { user } = useSession();
  const { canView, canEdit } = rulesAccess(user);
  if (!canView) return <NoAccess title="Activity Management" />;
  return <ActivityManagement canEdit={canEdit} />;
}

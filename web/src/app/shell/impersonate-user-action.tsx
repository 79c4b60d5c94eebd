import { useMemo } from 'react';

import { useStartImpersonation } from '../../features/auth/api/start-impersonation';
import { ImpersonateUserModal, type ImpersonationCandidate } from '../../features/auth/components/impersonate-user-modal';
import { useUsers } from '../../features/users/api/list-users';
import { roleLabel } from '../../features/users/role-label';
import type { AppUser } from '../../lib/api/types';
import { errorMessage } from '../../lib/notify';

/** The user status of an active user. */
const ACTIVE = 1;

type ImpersonateUserDialogProps = {
  user: AppUser;
  opened: boolean;
  onClose: () => void;
};

/**
 * ImpersonateUserDialog lets a user holding the impersonation permission pick an active user of
 * their dealer group, other than themself, and start impersonating them.
 */
export function ImpersonateUserDialog({ user, opened, onClose }: ImpersonateUserDialogProps) {
  const users = useUsers({ includeInactive: false }, { enabled: opened });
  const start = useStartImpersonation();
  const candidates = useMemo<ImpersonationCandidate[]>(
    () =>
      (users.data ?? [])
        .filter((u) => u.UserId !== user.UserId && u.Active && u.UserStatus === ACTIVE)
        .map((u) => ({ userId: u.UserId, name: u.Name, role: u.PrimaryUserRole ? roleLabel(u.PrimaryUserRole) : undefined, email: u.Email })),
    [users.data, user.UserId],
  );
  return (
    <ImpersonateUserModal
      opened={opened}
      onClose={onClose}
      candidates={candidates}
      loading={users.isPending}
      loadError={users.isError ? errorMessage(users.error) : undefined}
      onStart={(userId) => start.mutate(userId)}
      starting={start.isPending}
    />
  );
}

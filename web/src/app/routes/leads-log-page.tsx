import { LeadsLog } from '../../features/leads/components/leads-log';
import { leadPowers } from '../../features/leads/lead-roles';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

/** LeadsLogPage is the Leads Log for the signed-in user's stores. */
export function LeadsLogPage() {
  const { user } = useSession();
  return <LeadsLog stores={userStores(user)} profilePath={customerProfilePath} powers={leadPowers(user.Roles)} />;
}

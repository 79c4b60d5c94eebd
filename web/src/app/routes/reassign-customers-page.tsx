import { BulkReassignment } from '../../features/relations/components/bulk-reassignment';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

/** The dealer roles that may reassign customers in bulk. */
const MANAGER_ROLES = ['SalesManager', 'BDCManager', 'ServiceManager', 'DealerAdmin', 'GeneralManager', 'GeneralSalesManager', 'UsedCarManager'];

/** ReassignCustomersPage is the bulk reassignment screen for the signed-in user's stores. */
export function ReassignCustomersPage() {
  const { user } = useSession();
  const isManager = (user.Roles ?? []).some((r) => MANAGER_ROLES.includes(r));
  return <BulkReassignment stores={userStores(user)} isManager={isManager} />;
}

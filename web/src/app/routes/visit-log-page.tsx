import { VisitLog } from '../../features/visits/components/visit-log';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

/** ShowroomLogPage is the Showroom Log for the signed-in user's stores. */
export function ShowroomLogPage() {
  const { user } = useSession();
  return <VisitLog kind="showroom" stores={userStores(user)} profilePath={customerProfilePath} />;
}

/** DeliveryLogPage is the Delivery Log for the signed-in user's stores. */
export function DeliveryLogPage() {
  const { user } = useSession();
  return <VisitLog kind="delivery" stores={userStores(user)} profilePath={customerProfilePath} />;
}

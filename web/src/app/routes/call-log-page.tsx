import { CallLog } from '../../features/calllog';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

/** CallLogPage is the Call Log for the signed-in user's stores. */
export function CallLogPage() {
  const { user } = useSession();
  return <CallLog stores={userStores(user)} profilePath={customerProfilePath} />;
}

import { CustomerSearch } from '../../features/contacts/components/customer-search';
import { MergeFooter } from '../../features/merge/components/merge-footer';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';

/** CustomerSearchPage is Customer Search for the signed-in user. */
export function CustomerSearchPage() {
  const { user } = useSession();
  return (
    <>
      <CustomerSearch stores={userStores(user)} profilePath={customerProfilePath} />
      <MergeFooter profilePath={customerProfilePath} />
    </>
  );
}

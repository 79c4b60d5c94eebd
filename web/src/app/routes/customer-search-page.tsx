import { mayEditCustomers } from '../../features/contacts/contact-roles';
import { CustomerSearch } from '../../features/contacts/components/customer-search';
import { AddToMergeButton } from '../../features/merge/components/add-to-merge-button';
import { customerProfilePath } from '../pages';
import { useSession } from '../session-context';
import { userStores } from '../user-stores';
import { MergeFooterSlot } from './merge-footer-slot';

/** CustomerSearchPage is Customer Search for the signed-in user, who may add results to a merge. */
export function CustomerSearchPage() {
  const { user } = useSession();
  return (
    <>
      <CustomerSearch
        stores={userStores(user)}
        profilePath={customerProfilePath}
        rowAction={
          mayEditCustomers(user.Roles)
            ? (m) => (
                <AddToMergeButton
                  contactId={m.contactId}
                  accountPlatformId={m.accountPlatformId}
                  name={[m.firstName, m.lastName].filter(Boolean).join(' ') || m.businessName}
                  label="Merge"
                />
              )
            : undefined
        }
      />
      <MergeFooterSlot profilePath={customerProfilePath} />
    </>
  );
}

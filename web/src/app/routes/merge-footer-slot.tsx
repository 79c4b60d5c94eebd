import { useMergeSession } from '../../features/merge/api/get-merge-session';
import { lazyPage } from '../lazy-page';

const MergeFooter = lazyPage(() => import('../../features/merge/components/merge-footer').then((m) => m.MergeFooter), null);

/**
 * MergeFooterSlot shows the contact merge footer when the user's merge session holds customers;
 * the footer's code (its preview and merge dialog) loads only then.
 */
export function MergeFooterSlot({ profilePath }: { profilePath: (contactId: number) => string }) {
  const session = useMergeSession();
  if (!session.data || (session.data.contacts ?? []).length === 0) return null;
  return <MergeFooter profilePath={profilePath} />;
}

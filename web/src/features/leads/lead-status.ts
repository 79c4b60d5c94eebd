/** The statuses the Leads Log shows, by id (displayStatusId), in its order. */
export const LEAD_STATUSES = [
  { id: -2, label: 'Unclaimed' },
  { id: -1, label: 'New' },
  { id: 1, label: 'Active' },
  { id: 6, label: 'Sold Pending' },
  { id: 5, label: 'Sold' },
  { id: 2, label: 'Lost' },
  { id: 3, label: 'Bad' },
  { id: 4, label: 'Duplicate' },
] as const;

/** The statuses a search without any selected lists: the active leads. */
export const DEFAULT_STATUSES: readonly number[] = [-2, -1, 1];

export function statusLabel(id: number): string {
  return LEAD_STATUSES.find((s) => s.id === id)?.label ?? `Status ${id}`;
}

export function isLeadStatus(id: number): boolean {
  return LEAD_STATUSES.some((s) => s.id === id);
}

/** A status call: the path suffix of PUT /api/CrmLead/{id}/{suffix}. */
export type LeadTransition = 'mark_lost' | 'mark_bad' | 'mark_duplicate' | 'mark_sold_pending' | 'mark_sold_delivered' | 'reactivate';

export const TRANSITION_LABELS: Record<LeadTransition, string> = {
  mark_sold_pending: 'Sold (pending delivery)',
  mark_sold_delivered: 'Sold and delivered',
  mark_lost: 'Lost',
  mark_bad: 'Bad',
  mark_duplicate: 'Duplicate',
  reactivate: 'Reactivate',
};

/**
 * transitionsFrom are the status calls the server accepts from a lead's stored status
 * (leadStatusId): an active lead may be sold, lost, bad or duplicate; a sold-pending lead
 * delivered, lost or reactivated; a lost, bad or duplicate lead only reactivated; a delivered
 * sale is final.
 */
export function transitionsFrom(status: number): LeadTransition[] {
  switch (status) {
    case 1:
      return ['mark_sold_pending', 'mark_sold_delivered', 'mark_lost', 'mark_bad', 'mark_duplicate'];
    case 6:
      return ['mark_sold_delivered', 'mark_lost', 'reactivate'];
    case 2:
    case 3:
    case 4:
      return ['reactivate'];
  }
  return [];
}

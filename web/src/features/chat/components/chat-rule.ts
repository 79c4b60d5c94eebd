import type { AppUser, StaffUser } from '../../../lib/api/types';

/**
 * chatAllowed tells whether the signed-in user may chat at all: only while they view their
 * own dealer group, not another one they were granted a view of.
 */
export function chatAllowed(me: AppUser): boolean {
  return !me.ViewAccountID || me.ViewAccountID === me.AccountID;
}

/**
 * chatColleagues lists the colleagues the signed-in user may chat with, by name: active users
 * other than themselves who share one of the user's allowed stores (the users list holds only
 * the dealer group's employees of the stores the user may view). A query narrows the list to
 * names or e-mail addresses containing it.
 */
export function chatColleagues(me: AppUser, users: readonly StaffUser[], query = ''): StaffUser[] {
  if (!chatAllowed(me)) return [];
  const mine = new Set((me.AllowedStores ?? []).map((s) => s.AccountPlatformID));
  const q = query.trim().toLowerCase();
  return users
    .filter((u) => u.Active && u.UserId !== me.UserId)
    .filter((u) => (u.AccountPlatformIDs ?? []).some((id) => mine.has(id)))
    .filter((u) => !q || u.Name.toLowerCase().includes(q) || u.Email.toLowerCase().includes(q))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}

/** messageTime shows when a message was sent: the time today, else the date and time. */
export function messageTime(sentAt: string, now: Date = new Date()): string {
  const at = new Date(sentAt);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

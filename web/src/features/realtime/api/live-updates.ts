import type { QueryClient } from '@tanstack/react-query';

import { activityKeys } from '../../activity';
import { chatKeys } from '../../chat';
import { emailKeys } from '../../email';
import { messageKeys } from '../../messages';
import type { RealtimeMessage } from './connection';

/**
 * refetchFor invalidates the queries a push tells of, so the screens showing them update:
 * a customer's texts, e-mails and activity; chat; the notification bell.
 */
export function refetchFor(queryClient: QueryClient, m: RealtimeMessage): Promise<unknown> {
  switch (m.type) {
    case 'activity':
      if (!m.contactId) return Promise.resolve();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.all(m.contactId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all(m.contactId) }),
        queryClient.invalidateQueries({ queryKey: emailKeys.history(m.contactId) }),
      ]);
    case 'chat':
      return queryClient.invalidateQueries({ queryKey: chatKeys.all });
    case 'notification':
      return queryClient.invalidateQueries({ queryKey: ['notifications'] });
  }
}

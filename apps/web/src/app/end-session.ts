import type { QueryClient } from '@tanstack/react-query';
import { iconCache } from '../features/devices/icon-cache';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';

/**
 * Forgets the signed-in user in this tab (section 4): stored login data, visited views, cached answers
 * and the product icons fetched for them. Logout, an expired session (1012) and a password change end here.
 */
export function endSession(queryClient: QueryClient): void {
  useUi.getState().dispatchTabs({ type: 'reset' });
  useSession.getState().clear();
  queryClient.clear();
  iconCache.clear();
}

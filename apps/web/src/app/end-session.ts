import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';

/** Forgets the signed-in user in this tab (section 4): stored login data, visited views, cached answers. */
export function endSession(queryClient: QueryClient): void {
  useUi.getState().dispatchTabs({ type: 'reset' });
  useSession.getState().clear();
  queryClient.clear();
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sendLogout } from '../api/user';
import { endSession } from '../app/end-session';
import { useSession } from '../stores/session';

/**
 * Logout (section 4): sends the logout call when a uid is known (its answer is not awaited), clears
 * the stored session, cached data and visited views, and goes to /login.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (useSession.getState().uid !== null) void sendLogout();
    endSession(queryClient);
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}

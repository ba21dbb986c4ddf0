import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../api/client';
import { endSession } from '../app/end-session';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useScreenWidthTracking } from '../hooks/use-screen-width';

/** Wraps every route: translated document title, screen width class, and the 1012 redirect to /login. */
export function RootLayout() {
  useDocumentTitle();
  useScreenWidthTracking();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setSessionExpiredHandler(() => {
      endSession(queryClient);
      void navigate('/login', { replace: true });
    });
  }, [navigate, queryClient]);
  return <Outlet />;
}

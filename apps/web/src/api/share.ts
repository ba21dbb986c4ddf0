import { Code } from '@lightwell/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../stores/session';
import { call } from './client';
import { afterProjectChange, useCallMutation } from './project';

/** Query keys of sharing, per uid. */
export const shareKeys = {
  all: (uid: number | null) => ['share', uid] as const,
  sent: (uid: number | null) => [...shareKeys.all(uid), 'sent'] as const,
  link: (link: string) => ['share-link', link] as const,
};

/** What a share link offers (public; 1054 for an unknown link is shown as "no longer valid"). */
export function useShareLinkQuery(link: string) {
  return useQuery({
    queryKey: shareKeys.link(link),
    queryFn: () => call('shareInfo', { link }),
    enabled: link.length > 0,
    retry: false,
    meta: { quietCodes: [Code.checkFailed, Code.badInput] },
  });
}

/** Invitations the user sent, newest first; an empty list (1050) gives []. */
export function useSentInvitationsQuery(enabled = true) {
  const uid = useSession((state) => state.uid);
  return useQuery({
    queryKey: shareKeys.sent(uid),
    queryFn: async () => (await call('shareList', {})) ?? [],
    enabled,
  });
}

const afterShare = (uid: number | null) => [shareKeys.all(uid)] as const;

/** Share a network by e-mail link. */
export function useShareNetworkMutation() {
  return useCallMutation('shareNetwork', { invalidates: afterShare });
}

/** Share a project (and its networks the sharer may share) by e-mail link. */
export function useShareProjectMutation() {
  return useCallMutation('shareProject', { invalidates: afterShare });
}

/** Send an invitation again with a new link. */
export function useResendShareMutation() {
  return useCallMutation('shareResend', { invalidates: afterShare });
}

/** Withdraw a pending invitation. */
export function useRevokeShareMutation() {
  return useCallMutation('shareRevoke', { invalidates: afterShare });
}

/** Accept a share link as the signed-in user; project and network lists reload. */
export function useAcceptShareMutation() {
  return useCallMutation('shareAccept', {
    invalidates: (uid) => [...afterProjectChange(uid), shareKeys.all(uid)],
    meta: { quietCodes: [Code.linkInvalid] },
  });
}

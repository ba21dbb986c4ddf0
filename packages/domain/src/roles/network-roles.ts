/** Network user types (spec sections 3 and 6): 1 installer, 2 owner (administrator), 3 sub-user. */
export const UserType = { installer: 1, owner: 2, subUser: 3 } as const;
/** One of the network user types. */
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];

/** A member of a network as the rules see it. */
export interface Member {
  uid: number;
  userType: UserTypeValue;
}

const ownerOf = (members: readonly Member[]) => members.find((m) => m.userType === UserType.owner);
const installersOf = (members: readonly Member[]) => members.filter((m) => m.userType === UserType.installer);
const find = (members: readonly Member[], uid: number) => members.find((m) => m.uid === uid);

/**
 * Section 6: a network is deletable by the owner, or, when it has no owner, by its only installer.
 */
export function isNetworkAdmin(members: readonly Member[], uid: number): boolean {
  const actor = find(members, uid);
  if (!actor) return false;
  if (actor.userType === UserType.owner) return true;
  const installers = installersOf(members);
  return !ownerOf(members) && installers.length === 1 && installers[0]!.uid === uid;
}

/** What "delete network" means for this user: delete it, leave it, or refuse. */
export type DeleteOutcome = 'delete' | 'leave' | 'refuseOthers' | 'refuseNotMember';

/**
 * Section 6: the admin (owner, or the only installer when there is no owner) deletes the network into
 * the recycle bin, refused while other users are in it; an installer or sub-user who is not the admin
 * only leaves it — it stays for everyone else and the admin can give access back.
 */
export function deleteOutcome(members: readonly Member[], uid: number): DeleteOutcome {
  if (!find(members, uid)) return 'refuseNotMember';
  if (!isNetworkAdmin(members, uid)) return 'leave';
  return members.length > 1 ? 'refuseOthers' : 'delete';
}

/** Section 6: installers and owners may add sub-users and installers; sub-users none. */
export function canAddMember(members: readonly Member[], uid: number, role: UserTypeValue): boolean {
  const actor = find(members, uid);
  if (!actor || actor.userType === UserType.subUser) return false;
  if (role === UserType.owner) return canGrantOwnership(members, uid);
  return true;
}

/**
 * Ownership may be handed on by the owner, or by an installer while the network has no owner
 * (section 6); sub-users never.
 */
export function canGrantOwnership(members: readonly Member[], uid: number): boolean {
  const actor = find(members, uid);
  if (!actor) return false;
  if (actor.userType === UserType.owner) return true;
  return actor.userType === UserType.installer && !ownerOf(members);
}

/**
 * Transfer of ownership (section 6): the transferee becomes owner; a transferring owner is removed from
 * the network, a transferring installer (allowed only without an owner) stays an installer. Answers the
 * members after the transfer, or null when the actor may not transfer to that user.
 */
export function transferOwnership(members: readonly Member[], uid: number, toUid: number): Member[] | null {
  if (uid === toUid || !canGrantOwnership(members, uid)) return null;
  const actor = find(members, uid)!;
  const others = members.filter((m) => m.uid !== toUid && !(actor.userType === UserType.owner && m.uid === uid));
  return [...others, { uid: toUid, userType: UserType.owner }];
}

/**
 * Removing another member: the admin removes anyone but themself; an installer removes sub-users;
 * sub-users remove nobody. Everyone but the owner may remove themself (leave).
 */
export function canRemoveMember(members: readonly Member[], uid: number, targetUid: number): boolean {
  const actor = find(members, uid);
  const target = find(members, targetUid);
  if (!actor || !target) return false;
  if (uid === targetUid) return actor.userType !== UserType.owner;
  if (isNetworkAdmin(members, uid)) return true;
  return actor.userType === UserType.installer && target.userType === UserType.subUser;
}

/**
 * Restoring a network from the recycle bin: its administrator (owner, or the only installer of an
 * ownerless network) — the one who could delete it. Membership alone is not enough (section 6).
 */
export function canRestoreNetwork(members: readonly Member[], uid: number): boolean {
  return isNetworkAdmin(members, uid);
}

/**
 * Belonging to a project (seeing it in the lists, reading its header, reaching its networks): its creator,
 * or a member of one of its live networks, in any role. Nothing else makes a project member: a share
 * grants network roles and the project comes with them, and whoever loses the last of them (removed,
 * leaving, handing ownership on, the network deleted or moved away) leaves the project too.
 */
export function isProjectMember(isCreator: boolean, rolesInProject: readonly UserTypeValue[]): boolean {
  return isCreator || rolesInProject.length > 0;
}

/**
 * Adding a network to a project: the project's creator, or a user who is owner or installer of one of
 * its live networks. Someone who is only a sub-user in the project may not (section 6: sub-users have
 * none of the administering rights).
 */
export function canAddNetworkToProject(isCreator: boolean, rolesInProject: readonly UserTypeValue[]): boolean {
  return isCreator || rolesInProject.some((role) => role === UserType.owner || role === UserType.installer);
}

/**
 * Changing a project's header settings and e-mail recipients (page 9-3): the same people as adding a
 * network to it — its creator, or an owner or installer of one of its live networks, who answer for the
 * installation. Sub-users read the header only and do not see the recipients' addresses. The same people
 * share the project (`project/share`): a sub-user may not hand out places in someone else's project.
 */
export function canEditProjectSettings(isCreator: boolean, rolesInProject: readonly UserTypeValue[]): boolean {
  return canAddNetworkToProject(isCreator, rolesInProject);
}

/** Changing the network, its zones and its floor plan: owners and installers, not sub-users. */
export function canEditNetwork(members: readonly Member[], uid: number): boolean {
  const actor = find(members, uid);
  return actor !== undefined && actor.userType !== UserType.subUser;
}

/** Abilities the server sends with a network so the UI hides what the user may not do. */
export interface NetworkAbilities {
  edit: boolean;
  delete: boolean;
  leave: boolean;
  share: boolean;
  transfer: boolean;
  manageMembers: boolean;
  viewAudit: boolean;
  backup: boolean;
  /** Make and revoke display keys of the lobby dashboard. */
  display: boolean;
}

/** The abilities of `uid` on a network with these members. */
export function networkAbilities(members: readonly Member[], uid: number): NetworkAbilities {
  const outcome = deleteOutcome(members, uid);
  const edit = canEditNetwork(members, uid);
  const admin = isNetworkAdmin(members, uid);
  return {
    edit,
    delete: outcome === 'delete' || outcome === 'refuseOthers',
    leave: outcome === 'leave',
    share: edit,
    transfer: canGrantOwnership(members, uid),
    manageMembers: edit,
    viewAudit: admin,
    backup: edit,
    display: admin,
  };
}

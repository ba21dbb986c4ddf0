import { describe, expect, it } from 'vitest';
import {
  canAddMember,
  canAddNetworkToProject,
  canEditNetwork,
  canGrantOwnership,
  canRemoveMember,
  canRestoreNetwork,
  deleteOutcome,
  isNetworkAdmin,
  isProjectMember,
  type Member,
  networkAbilities,
  transferOwnership,
  UserType,
} from './network-roles.ts';

const { installer, owner, subUser } = UserType;
const m = (uid: number, userType: Member['userType']): Member => ({ uid, userType });

describe('network deletion (section 6)', () => {
  it('the owner deletes; refused while others are in the network', () => {
    expect(deleteOutcome([m(1, owner)], 1)).toBe('delete');
    expect(deleteOutcome([m(1, owner), m(2, subUser)], 1)).toBe('refuseOthers');
  });

  it('with no owner, exactly one installer deletes', () => {
    expect(deleteOutcome([m(1, installer)], 1)).toBe('delete');
    expect(deleteOutcome([m(1, installer), m(3, subUser)], 1)).toBe('refuseOthers');
    expect(isNetworkAdmin([m(1, installer), m(2, installer)], 1)).toBe(false);
  });

  it('an installer or sub-user who is not the admin only leaves', () => {
    expect(deleteOutcome([m(1, owner), m(2, installer)], 2)).toBe('leave');
    expect(deleteOutcome([m(1, owner), m(3, subUser)], 3)).toBe('leave');
    expect(deleteOutcome([m(1, installer), m(2, installer)], 2)).toBe('leave');
    expect(deleteOutcome([m(1, owner)], 9)).toBe('refuseNotMember');
  });
});

describe('members and ownership (section 6)', () => {
  const team = [m(1, owner), m(2, installer), m(3, subUser)];

  it('installers and owners add sub-users and installers; sub-users add nobody', () => {
    for (const role of [installer, subUser]) {
      expect(canAddMember(team, 1, role)).toBe(true);
      expect(canAddMember(team, 2, role)).toBe(true);
      expect(canAddMember(team, 3, role)).toBe(false);
    }
    expect(canAddMember(team, 9, subUser)).toBe(false);
  });

  it('the owner transfers and is removed; the transferee gets the rights', () => {
    expect(transferOwnership(team, 1, 2)).toEqual([m(3, subUser), m(2, owner)]);
  });

  it('an installer transfers only when there is no owner, and stays installer', () => {
    expect(canGrantOwnership(team, 2)).toBe(false);
    expect(transferOwnership(team, 2, 3)).toBeNull();
    const noOwner = [m(2, installer), m(3, subUser)];
    expect(transferOwnership(noOwner, 2, 3)).toEqual([m(2, installer), m(3, owner)]);
  });

  it('sub-users have none of these rights', () => {
    expect(canGrantOwnership(team, 3)).toBe(false);
    expect(transferOwnership(team, 3, 2)).toBeNull();
    expect(canEditNetwork(team, 3)).toBe(false);
    expect(canRemoveMember(team, 3, 2)).toBe(false);
  });

  it('removal: admin anyone, installer sub-users, everyone but the owner may leave', () => {
    expect(canRemoveMember(team, 1, 2)).toBe(true);
    expect(canRemoveMember(team, 2, 3)).toBe(true);
    expect(canRemoveMember(team, 2, 1)).toBe(false);
    expect(canRemoveMember(team, 3, 3)).toBe(true);
    expect(canRemoveMember(team, 1, 1)).toBe(false);
  });

  it('ships abilities per role', () => {
    expect(networkAbilities(team, 1)).toMatchObject({ edit: true, delete: true, leave: false, viewAudit: true });
    expect(networkAbilities(team, 2)).toMatchObject({ edit: true, delete: false, leave: true, transfer: false });
    expect(networkAbilities(team, 3)).toMatchObject({ edit: false, share: false, leave: true, backup: false });
  });

  it('restoring from the recycle bin: the administrator only, not every member left in it', () => {
    expect(canRestoreNetwork([m(1, owner), m(3, subUser)], 1)).toBe(true);
    expect(canRestoreNetwork([m(1, owner), m(3, subUser)], 3)).toBe(false);
    expect(canRestoreNetwork([m(2, installer)], 2)).toBe(true);
    expect(canRestoreNetwork([m(2, installer), m(4, installer)], 2)).toBe(false);
    expect(canRestoreNetwork([m(3, subUser)], 3)).toBe(false);
  });

  it('adding a network to a project: its creator, or an owner or installer in it; a sub-user only, not', () => {
    expect(canAddNetworkToProject(true, [])).toBe(true);
    expect(canAddNetworkToProject(false, [subUser, installer])).toBe(true);
    expect(canAddNetworkToProject(false, [owner])).toBe(true);
    expect(canAddNetworkToProject(false, [subUser])).toBe(false);
    expect(canAddNetworkToProject(false, [])).toBe(false);
  });

  it('belonging to a project: its creator, or a member of one of its live networks in any role', () => {
    expect(isProjectMember(true, [])).toBe(true);
    expect(isProjectMember(false, [subUser])).toBe(true);
    expect(isProjectMember(false, [installer])).toBe(true);
    // Removed from the last network, with nothing else: no longer in the project.
    expect(isProjectMember(false, [])).toBe(false);
  });
});

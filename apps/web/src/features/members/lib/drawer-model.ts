import {
  ASSIGNABLE_ROLES,
  canActivateMember,
  canChangeRoleOf,
  canChangeRoles,
  canReinviteOrCancel,
  canRemoveMember,
  hasRoleChanges,
  type AssignableRole,
  type MemberActor,
  type MemberTarget,
  type Verdict,
} from '@mergedesk/domain/members/permissions';
import { ROLE_OPTIONS } from '@mergedesk/domain/members/messages';
import { actionsForStatus, type MemberAction } from '@mergedesk/domain/members/status';
import type { DrawerAction, RoleChoice } from '../components/member-drawer';

const ACTION_LABELS = {
  reinvite: 'Re-invite',
  cancelInvitation: 'Cancel invitation',
  activate: 'Activate',
  remove: 'Remove',
} as const satisfies Record<DrawerAction['action'], string>;

/** Ours: a selection whose statuses allow no common action. */
const MIXED_SELECTION_NOTICE = 'Select members with the same status to act on them together.';

const ok: Verdict = { ok: true };
/** The first refusal among the selected members, or ok. */
const firstRefusal = (verdicts: Verdict[]): Verdict => verdicts.find((verdict) => !verdict.ok) ?? ok;

export type DrawerModel = {
  actions: DrawerAction[];
  roleChoice: Omit<RoleChoice, 'onSave'> | null;
  mixedNotice: string | null;
};

/**
 * What the drawer offers for a selection (spec 002 §4.6, §5, §6): the actions every selected
 * member's status allows, each with the domain's verdict for the whole selection; the role change
 * when the actor may change roles. Every rule is the domain's; this only combines them.
 */
export function drawerModel(
  actor: MemberActor,
  targets: MemberTarget[],
  roleWording: keyof typeof ROLE_OPTIONS = 'seat',
  /** Verdicts on the whole selection, beside each member's (a per-user plan's limits, issue 21). */
  selectionVerdicts: Partial<Record<Exclude<MemberAction, 'changeRole'>, Verdict>> = {},
): DrawerModel {
  if (targets.length === 0) return { actions: [], roleChoice: null, mixedNotice: null };
  const [first, ...rest] = targets.map((target) => actionsForStatus(target.status));
  const common = (first ?? []).filter((action) => rest.every((allowed) => allowed.includes(action)));

  const verdictFor = (action: Exclude<MemberAction, 'changeRole'>): Verdict =>
    firstRefusal([
      ...targets.map((target) => {
        switch (action) {
          case 'reinvite':
          case 'cancelInvitation':
            return canReinviteOrCancel(actor, target);
          case 'activate':
            return canActivateMember(actor, target);
          case 'remove':
            return canRemoveMember(actor, target);
        }
      }),
      selectionVerdicts[action] ?? ok,
    ]);
  const actions: DrawerAction[] = common.flatMap((action) =>
    action === 'changeRole' ? [] : [{ action, label: ACTION_LABELS[action], verdict: verdictFor(action) }],
  );

  let roleChoice: DrawerModel['roleChoice'] = null;
  if (common.includes('changeRole') && canChangeRoles(actor)) {
    const roles = new Set(targets.map((target) => target.role));
    const [only] = roles;
    const current = roles.size === 1 && only !== 'OWNER' && only !== undefined ? only : null;
    const withIds = targets.flatMap((target) =>
      target.userId ? [{ userId: target.userId, role: target.role }] : [],
    );
    roleChoice = {
      options: ASSIGNABLE_ROLES.map((value) => ({ value, ...ROLE_OPTIONS[roleWording][value] })).reverse(),
      current,
      changes: (role: AssignableRole) =>
        hasRoleChanges(
          withIds,
          withIds.map((target) => ({ userId: target.userId, userRole: role })),
        ),
      verdict: firstRefusal(targets.map((target) => canChangeRoleOf(actor, target))),
    };
  }

  return {
    actions,
    roleChoice,
    mixedNotice: common.length === 0 ? MIXED_SELECTION_NOTICE : null,
  };
}

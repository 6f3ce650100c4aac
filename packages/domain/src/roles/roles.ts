import { z } from 'zod';

/** Roles of a user in a space (spec 000 §6), lowest first. */
export const ROLES = ['MEMBER', 'ADMIN', 'OWNER'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Spec 000 §6: roles are compared numerically. */
export const ROLE_RANK = { MEMBER: 1, ADMIN: 2, OWNER: 3 } as const satisfies Record<Role, number>;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** True when `role` ranks at least `min`; a missing role never qualifies. */
export const hasRoleAtLeast = (role: Role | null | undefined, min: Role): boolean =>
  role != null && ROLE_RANK[role] >= ROLE_RANK[min];

// Roles in order (contract §9): viewer < reviewer < admin. Pure: used by the server checks and by
// the navigation (which only hides links; the server is what enforces).

export type Role = "viewer" | "reviewer" | "admin";

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

export function roleAtLeast(role: Role, least: Role): boolean {
  return RANK[role] >= RANK[least];
}

// The team report's messages the web app shows, in a module without zod (api/team-report re-exports
// them), so its bundle does not carry the team report's schemas.

/** 403 for a member without canAccessTeamReport. */
export const TEAM_REPORT_FORBIDDEN_MESSAGE = 'You do not have access to the team report of this space.';

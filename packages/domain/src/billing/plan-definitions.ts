/**
 * The plan cards of the billing page (spec 001 §2 "Plan definitions"), verbatim. Pro's extra
 * features differ for Gmail users and domain users.
 */

export type PlanCardId = 'FREE' | 'PRO' | 'PREMIUM';

export const PLAN_DESCRIPTIONS = {
  FREE: 'Easy mail merge tool',
  PRO: 'Get more recipients quota and Pro features',
  PREMIUM: 'For teams of all sizes who want to send, track, and manage collaboratively',
} as const satisfies Record<PlanCardId, string>;

export const FREE_FEATURES = [
  'Mass send with Gmail',
  'Personalize emails',
  'Draft in Gmail',
  'Real-time tracking in Google Sheets',
  'Unsubscribe links',
  'Send from an alias',
  'No branded footer',
] as const;

const PRO_COMMON_FEATURES = ['Schedule send', 'Spread out large sends over a few days'] as const;

export const proFeatures = (isGmailUser: boolean): readonly string[] =>
  isGmailUser
    ? [...PRO_COMMON_FEATURES, 'Manage your bounce list', 'Priority support']
    : [...PRO_COMMON_FEATURES, 'Add and manage members'];

export const PREMIUM_FEATURES = [
  'Shared workspace unsubscribes',
  'Shared workspace bounces list',
  'Priority support',
  'Video-call support',
] as const;

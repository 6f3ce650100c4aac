import { z } from 'zod';

/** Usage events of spec 000 §7 ("cloud logging function") plus page views. */
export const USAGE_EVENT_TYPES = [
  'webapp_error',
  'stripe_checkout_session_created',
  'webapp_display_modal',
  'webapp_login_request',
  'webapp_login_request_successful',
  'ad_clicked',
  'ad_displayed',
  'ad_list_displayed',
  'page_view',
  // Spec 002 §7 "Usage events are logged for CSV exports"; the name is ours.
  'csv_export',
] as const;
export type UsageEventType = (typeof USAGE_EVENT_TYPES)[number];

export const usageEventSchema = z.looseObject({
  event_type: z.enum(USAGE_EVENT_TYPES),
  webapp_version: z.string().max(20),
  message: z.string().max(2000).optional(),
  ui_type: z.enum(['seats_in_spaces', 'spaces']).optional(),
  page_path: z.string().max(2000).optional(),
  space_id: z.string().uuid().nullable().optional(),
  search: z.string().max(2000).optional(),
  initial_url: z.string().max(2000).optional(),
  checkout_cart_paid_users_quantity: z.number().int().nullable().optional(),
  checkout_cart_free_users_quantity: z.number().int().nullable().optional(),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

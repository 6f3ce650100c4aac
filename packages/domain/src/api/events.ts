import { z } from 'zod';
import { clientInt, clientJson, clientText } from '../text/client-text';

/** Usage events of spec 000 §7 ("cloud logging function") plus page views. */
const USAGE_EVENT_TYPES = [
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

/** Other properties are kept as sent (stored as JSON), within the client JSON rules. */
export const usageEventSchema = z
  .object({
    event_type: z.enum(USAGE_EVENT_TYPES),
    webapp_version: clientText().max(20),
    message: clientText({ multiline: true }).max(2000).optional(),
    ui_type: z.enum(['seats_in_spaces', 'spaces']).optional(),
    page_path: clientText().max(2000).optional(),
    space_id: z.string().uuid().nullable().optional(),
    search: clientText().max(2000).optional(),
    initial_url: clientText().max(2000).optional(),
    checkout_cart_paid_users_quantity: clientInt().nullable().optional(),
    checkout_cart_free_users_quantity: clientInt().nullable().optional(),
  })
  .catchall(clientJson);
export type UsageEvent = z.infer<typeof usageEventSchema>;

import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import type { Promotion } from '@mergedesk/domain/api/promotions';
import { trackEvent } from '../../../lib/analytics';
import { usePromotions } from '../api/get-promotions';
import { getPromotionTrackingSessionId, promotionHref } from '../lib/promotion-link';

type DisplayedPromotion = Promotion & { href: string };

/**
 * The provider's other products at the bottom of the sidebar (spec 000 §1, §2). Logs
 * ad_list_displayed once for the list and ad_displayed per entry when shown, ad_clicked on a click
 * (spec 000 §7 events), each carrying the tracking session id.
 */
export function SidebarPromotions() {
  const { data } = usePromotions();
  const trackingSessionId = useMemo(() => getPromotionTrackingSessionId(), []);
  const promotions = useMemo<DisplayedPromotion[]>(
    () =>
      (data ?? []).flatMap((promotion) => {
        const href = promotionHref(promotion.url, promotion.productId, trackingSessionId);
        return href ? [{ ...promotion, href }] : [];
      }),
    [data, trackingSessionId],
  );

  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (promotions.length === 0) return;
    const signature = promotions.map((promotion) => promotion.productId).join(',');
    if (logged.current === signature) return;
    logged.current = signature;
    trackEvent({ event_type: 'ad_list_displayed', message: adMessage(trackingSessionId, signature) });
    for (const promotion of promotions) {
      trackEvent({ event_type: 'ad_displayed', message: adMessage(trackingSessionId, promotion.productId) });
    }
  }, [promotions, trackingSessionId]);

  if (promotions.length === 0) return null;

  return (
    <Stack component="section" aria-label="Our other products" gap="xs">
      {promotions.map((promotion) => (
        <Anchor
          key={promotion.productId}
          href={promotion.href}
          target="_blank"
          rel="noopener noreferrer"
          underline="never"
          c="inherit"
          onClick={() =>
            trackEvent({
              event_type: 'ad_clicked',
              message: adMessage(trackingSessionId, promotion.productId),
            })
          }
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Image src={promotion.image} alt="" w={32} h={32} radius="sm" fit="contain" />
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600}>
                {promotion.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {promotion.description}
              </Text>
            </Stack>
          </Group>
        </Anchor>
      ))}
    </Stack>
  );
}

function adMessage(trackingSessionId: string, detail: string): string {
  return JSON.stringify({ tracking_session_id: trackingSessionId, placement: 'sidebar', product: detail });
}

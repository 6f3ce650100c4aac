import { Anchor, List, Text } from '@mantine/core';
import { usePageTitle } from '../../lib/page-title';
import { PRODUCT_NAME } from '../../lib/product';
import { StatusCard } from './status-card';

export type Browser = 'chrome' | 'firefox' | 'safari' | 'edge';

export const COOKIE_HELP: Record<Browser, { name: string; url: string }> = {
  chrome: { name: 'Chrome', url: 'https://support.google.com/chrome/answer/95647' },
  firefox: {
    name: 'Firefox',
    url: 'https://support.mozilla.org/kb/enable-and-disable-cookies-website-preferences',
  },
  safari: { name: 'Safari', url: 'https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac' },
  edge: {
    name: 'Edge',
    url: 'https://support.microsoft.com/microsoft-edge/manage-cookies-in-microsoft-edge-view-allow-block-delete-and-use-168dab11-0753-043d-7c16-ede5947fc64d',
  },
};

/** The browser, from its user agent (Edge and Chrome both say "Chrome"; Chrome and Safari both say "Safari"). */
export function detectBrowser(userAgent: string): Browser | null {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/\b(Chrome|Chromium|CriOS)\//.test(userAgent)) return 'chrome';
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) return 'safari';
  return null;
}

/** Spec 000 §2: shown when cookies are disabled. */
export function WhoopsPage({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  usePageTitle('Cookies are disabled');
  const browser = detectBrowser(userAgent);
  return (
    <StatusCard
      kind="warning"
      title="Whoops!"
      description={`First and third party cookies must be enabled to use the ${PRODUCT_NAME} dashboard.`}
    >
      {browser ? (
        <Anchor href={COOKIE_HELP[browser].url} target="_blank" rel="noopener noreferrer">
          How to enable cookies in {COOKIE_HELP[browser].name}
        </Anchor>
      ) : (
        <>
          <Text size="sm">How to enable cookies in your browser:</Text>
          <List size="sm">
            {Object.values(COOKIE_HELP).map((help) => (
              <List.Item key={help.name}>
                <Anchor href={help.url} target="_blank" rel="noopener noreferrer">
                  {help.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </StatusCard>
  );
}

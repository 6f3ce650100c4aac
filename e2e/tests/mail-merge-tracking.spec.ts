import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

type TrackedRecipient = {
  email: string;
  openPixelUrl: string;
  unsubscribeUrl: string;
  clickUrls: Record<string, string>;
};

test('a merge registered by the add-on shows its opens, clicks and unsubscription on the dashboard', async ({
  page,
  request,
}) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  const prefix = new URL(page.url()).pathname.replace('/mail-merges/sent', '');
  const workspaceId = prefix.split('/')[1];

  // The add-on signs in like the web app; here it borrows the browser's session.
  const { accessToken } = await page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/refresh-token', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await response.json()) as { accessToken: string };
  });

  const offer = 'https://example.test/offer';
  const created = await request.post('/api/addon/campaigns', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      workspaceId,
      subject: 'Spring walk-through',
      mergeSourceSheetKey: '1AbCwalkthrough-0',
      spreadsheetName: 'Walkthrough leads',
      sheetName: 'Sheet1',
      recipients: [
        { email: 'rita@example.test', links: [offer] },
        { email: 'raj@example.test', links: [offer] },
        { email: 'rosa@example.test' },
        { email: 'ron@example.test' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { recipients } = (await created.json()) as { recipients: TrackedRecipient[] };
  const [rita, raj, rosa] = recipients;
  if (!rita || !raj || !rosa) throw new Error('the add-on API returned fewer recipients');

  // Rita opens and clicks, Raj opens, Rosa unsubscribes through her link.
  const pixel = await request.get(rita.openPixelUrl);
  expect(pixel.status()).toBe(200);
  expect(pixel.headers()['content-type']).toContain('image/gif');
  await request.get(raj.openPixelUrl);
  const click = await request.get(rita.clickUrls[offer] ?? '', { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toBe(offer);

  await page.goto(rosa.unsubscribeUrl);
  await expect(page).toHaveURL(/\/unsubscribed$/);
  await expect(page.getByText('Unsubscription was successful!')).toBeVisible();

  // The aggregates are kept by a job: the dashboard shows them once it has run.
  const row = page.getByRole('row', { name: /Walkthrough leads/ });
  await expect(async () => {
    await page.goto(`${prefix}/mail-merges/sent`);
    await expect(row).toContainText('50%', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // 4 sent, none bounced: opened 2 of 4 delivered, clicked 1 of 4 (spec 002 §9).
  await expect(row).toContainText('25%');

  await page.goto(`${prefix}/unsubscriptions`);
  await expect(page.getByRole('cell', { name: 'rosa@example.test', exact: true })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { accessTokenOf, signIn, spacePath } from './sign-in';

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

  // The add-on signs in like the web app; here it borrows the browser's session (a fresh access
  // token each time: they live 20 s in this suite).
  const bearer = async () => ({ authorization: `Bearer ${await accessTokenOf(page)}` });

  const offer = 'https://example.test/offer';
  const created = await request.post('/api/addon/campaigns', {
    headers: await bearer(),
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
  const { campaignId, recipients } = (await created.json()) as {
    campaignId: string;
    recipients: TrackedRecipient[];
  };
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

  // The link only asks (link scanners follow it too); her button unsubscribes.
  await page.goto(rosa.unsubscribeUrl);
  await expect(page.getByText('Do you want to stop receiving these emails?')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page).toHaveURL(/\/unsubscribed$/);
  await expect(page.getByText('Unsubscription was successful!')).toBeVisible();

  // The counters are kept by a job that may fold the four hits in over several runs. Wait until it
  // has folded them all, then load the dashboard once: a page loaded between two runs would show
  // the opens without the click, and nothing on it refreshes within the test.
  await expect
    .poll(
      async () => {
        const campaign = await request.get(`/api/v1/users/me/campaigns/${campaignId}`, {
          headers: await bearer(),
        });
        return ((await campaign.json()) as { eventCounts: Record<string, number> }).eventCounts;
      },
      { timeout: 30_000 },
    )
    .toMatchObject({ sentCount: 4, openedCount: 2, clickedCount: 1, unsubscribedCount: 1 });
  await page.goto(`${prefix}/mail-merges/sent`);
  const row = page.getByRole('row', { name: /Walkthrough leads/ });
  // 4 sent, none bounced: opened 2 of 4 delivered, clicked 1 of 4 (spec 002 §9).
  await expect(row).toContainText('50%');
  await expect(row).toContainText('25%');

  await page.goto(`${prefix}/unsubscriptions`);
  await expect(page.getByRole('cell', { name: 'rosa@example.test', exact: true })).toBeVisible();
});

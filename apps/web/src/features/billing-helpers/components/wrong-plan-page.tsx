import { Anchor, Badge, Button, Card, Drawer, List, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { isPlanQueryForAccount } from '@mergedesk/domain/billing/billing-query';
import { emailDomain, isGmailAddress } from '@mergedesk/domain/users/email';
import { CenteredPage } from '../../../components/full-page-states/centered-page';
import { usePageTitle } from '../../../lib/page-title';
import { PRODUCT_NAME } from '../../../lib/product';
import { useSession } from '../../../lib/session-context';

/** The plan names of the pricing page's `plan` values (spec 001 §2 "Wrong-plan page"; ours). */
const PLAN_NAMES: Record<string, string> = {
  TEAM: 'Team',
  PERSONAL: 'Personal',
  PROFESSIONAL: 'Professional',
  'pro-gmail': 'Pro Gmail',
  'pro-google-workspace': 'Pro Google Workspace',
};

/** Spec 001 §9: the conditions of the Pro recipient quota. */
const QUOTA_CONDITIONS = [
  'your trial has ended and your subscription is active',
  'your space is not on a free legacy edition',
  'you have not sent more than 500 emails in the last 24 hours',
  'your email provider is not rate-limiting you',
];

/**
 * /wrong-plan (spec 001 §2): the pricing page sent an account to a plan it cannot buy. It names the
 * plan and the account, shows the plan the account can buy, and offers another account or the way
 * back; a plan that fits the account goes on to /settings/billing with the same query.
 */
export function WrongPlanPage() {
  usePageTitle('Wrong plan');
  const { status, profile, signIn, switchAccount } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const plan = searchParams.get('plan') ?? '';
  const quotaOpened = searchParams.get('quota-conditions') === '1';
  const email = status === 'signedIn' ? (profile?.email ?? null) : null;
  const gmail = email !== null && isGmailAddress(email);

  if (email !== null && isPlanQueryForAccount(plan, gmail)) {
    return <Navigate to={`/settings/billing${location.search}`} replace />;
  }
  const planName = PLAN_NAMES[plan] ?? plan;
  const eligible = gmail && email !== null ? `Pro ${emailDomain(email)}` : 'Pro Google Workspace';
  const setQuota = (open: boolean) => {
    const next = new URLSearchParams(searchParams);
    if (open) next.set('quota-conditions', '1');
    else next.delete('quota-conditions');
    setSearchParams(next, { replace: true });
  };

  return (
    <CenteredPage>
      <Stack gap="md" maw={520}>
        {email === null ? (
          <>
            <Title order={1} size="h2">
              You are trying to purchase a {planName} plan
            </Title>
            <Text>Sign in with the Google account you want to upgrade.</Text>
            <Button onClick={() => signIn({ continue: `${location.pathname}${location.search}` })}>
              Sign in
            </Button>
          </>
        ) : (
          <>
            <Title order={1} size="h2">
              You are trying to purchase a {planName} plan with {email}
            </Title>
            <Text>This account can buy the following plan:</Text>
            <Card withBorder padding="lg" radius="md" component="section" aria-label={eligible}>
              <Stack gap={4}>
                <Badge variant="light" w="fit-content">
                  Eligible
                </Badge>
                <Title order={2} size="h4">
                  {eligible}
                </Title>
                <Anchor component="button" type="button" size="sm" onClick={() => setQuota(true)}>
                  Recipient quota conditions
                </Anchor>
              </Stack>
            </Card>
            <Button variant="default" onClick={() => void switchAccount()}>
              Sign-in with another account
            </Button>
            {/* On a phone the product's name makes the label longer than the card: it wraps. */}
            <Button
              component={Link}
              to="/settings/billing?show-plans=1"
              variant="subtle"
              h="auto"
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              Back to {PRODUCT_NAME} pricing plans
            </Button>
          </>
        )}
      </Stack>
      <Drawer
        opened={quotaOpened}
        onClose={() => setQuota(false)}
        position="right"
        title="Recipient quota conditions"
      >
        <Text size="sm">The Pro quota of 1,500 recipients per day applies when:</Text>
        <List size="sm" mt="xs">
          {QUOTA_CONDITIONS.map((condition) => (
            <List.Item key={condition}>{condition}</List.Item>
          ))}
        </List>
      </Drawer>
    </CenteredPage>
  );
}

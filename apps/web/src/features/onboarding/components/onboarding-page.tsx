import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  List,
  Stack,
  Stepper,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-states/full-page-loader';
import { ProductMark } from '../../../components/full-page-states/product-mark';
import { usePageTitle } from '../../../lib/page-title';
import {
  GOOGLE_SHEETS_NEW_URL,
  MARKETPLACE_URL,
  ONBOARDING_VIDEO_URL,
  PRODUCT_NAME,
} from '../../../lib/product';
import { useSession } from '../../../lib/session-context';
import launchIllustration from '../assets/launch-from-sheets.svg';
import marketplaceScreenshot from '../assets/marketplace-screenshot.svg';
import {
  canContinueAfterInstall,
  hasVisitedMarketplace,
  initialOnboardingStep,
  isStepSelectable,
  onboardingStepLabels,
  recordMarketplaceVisit,
  STEP_CREATE_ACCOUNT,
  STEP_INSTALL,
  STEP_SEND_FIRST_MERGE,
} from './onboarding-steps';

type OnboardingPageProps = {
  /** The signed-in user's add-on installation time; null when not installed. */
  installationTimestamp: number | null | undefined;
  /** The user profile is loaded (spec 002 §2.12: step 1 while "the user status is not success"). */
  isUserLoaded: boolean;
  /** Still finding out whether the person is signed in. */
  isLoading: boolean;
};

/** /signup and /get-started: the three-step onboarding of spec 002 §2.12 and §4.9. */
export function OnboardingPage({ installationTimestamp, isUserLoaded, isLoading }: OnboardingPageProps) {
  usePageTitle('Get started');
  const { status } = useSession();
  if (isLoading || status === 'loading') return <FullPageLoader label="Loading…" />;
  return (
    <OnboardingStepper
      isSignedIn={status === 'signedIn' && isUserLoaded}
      installationTimestamp={installationTimestamp}
    />
  );
}

function OnboardingStepper({
  isSignedIn,
  installationTimestamp,
}: {
  isSignedIn: boolean;
  installationTimestamp: number | null | undefined;
}) {
  const [active, setActive] = useState(() => initialOnboardingStep(isSignedIn));
  const isNarrow = useMediaQuery('(max-width: 30em)');
  const labels = onboardingStepLabels(PRODUCT_NAME);
  // Signing in happens on another page; a signed-out person can never be past step 1.
  const current = isSignedIn ? active : STEP_CREATE_ACCOUNT;

  return (
    <Container component="main" size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', xs: 'md' }}>
      <Stack gap="xl">
        <ProductMark />
        <Stepper
          active={current}
          onStepClick={(step) => {
            if (isStepSelectable(step, current)) setActive(step);
          }}
          orientation={isNarrow ? 'vertical' : 'horizontal'}
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={labels[STEP_CREATE_ACCOUNT]} allowStepSelect={false}>
            <CreateAccountStep />
          </Stepper.Step>
          <Stepper.Step
            label={labels[STEP_INSTALL]}
            allowStepSelect={isStepSelectable(STEP_INSTALL, current)}
          >
            <InstallStep
              installationTimestamp={installationTimestamp}
              onContinue={() => setActive(STEP_SEND_FIRST_MERGE)}
            />
          </Stepper.Step>
          <Stepper.Step label={labels[STEP_SEND_FIRST_MERGE]} allowStepSelect={false}>
            <SendFirstMergeStep />
          </Stepper.Step>
        </Stepper>
      </Stack>
    </Container>
  );
}

function StepBody({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" mt="lg" maw={640}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function CreateAccountStep() {
  const { signIn } = useSession();
  return (
    <StepBody title={`Welcome to ${PRODUCT_NAME}`}>
      <Text>
        Send personalised mass e-mails from Google Sheets with Gmail, and follow opens, clicks and replies
        from your dashboard. Create your free account with your Google account to get started.
      </Text>
      <Group>
        {/* Spec 002 §2.12: shown only when a Google client id exists — the server always has one. */}
        <Button onClick={() => signIn({ createAccount: true, continue: '/get-started' })}>
          Create an account with Google
        </Button>
      </Group>
      <Text size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>
      </Text>
    </StepBody>
  );
}

function InstallStep({
  installationTimestamp,
  onContinue,
}: {
  installationTimestamp: number | null | undefined;
  onContinue: () => void;
}) {
  const [visited, setVisited] = useState(hasVisitedMarketplace);
  const canContinue = canContinueAfterInstall(installationTimestamp, visited);
  const markVisited = () => {
    recordMarketplaceVisit();
    setVisited(true);
  };
  const disabledReason = `You must have ${PRODUCT_NAME} installed to continue.`;

  return (
    <StepBody title={`Install ${PRODUCT_NAME}`}>
      <Text>
        Install the {PRODUCT_NAME} add-on for Google Sheets from the Google Workspace Marketplace. It opens in
        a new tab; come back here when it is installed.
      </Text>
      <Anchor
        href={MARKETPLACE_URL}
        target="_blank"
        rel="noopener noreferrer"
        onClick={markVisited}
        aria-label={`${PRODUCT_NAME} in the Google Workspace Marketplace (opens in a new tab)`}
      >
        <Image src={marketplaceScreenshot} alt="" radius="md" maw={480} />
      </Anchor>
      <Group gap="sm">
        <Button
          component="a"
          href={MARKETPLACE_URL}
          target="_blank"
          rel="noopener noreferrer"
          onClick={markVisited}
          rightSection={<IconExternalLink size={16} aria-hidden="true" />}
          variant="default"
        >
          Go to Marketplace
        </Button>
        <Tooltip
          label={disabledReason}
          disabled={canContinue}
          events={{ hover: true, focus: true, touch: true }}
        >
          {/* aria-disabled, not disabled: the button stays focusable so keyboard users reach the tooltip. */}
          <Button
            aria-disabled={!canContinue}
            data-disabled={!canContinue || undefined}
            onClick={(event) => {
              if (!canContinue) {
                event.preventDefault();
                return;
              }
              onContinue();
            }}
          >
            Continue
          </Button>
        </Tooltip>
      </Group>
      <Anchor component={Link} to="/" size="sm">
        Skip the tutorial
      </Anchor>
    </StepBody>
  );
}

function SendFirstMergeStep() {
  return (
    <StepBody title={`Open Google Sheets to launch ${PRODUCT_NAME}`}>
      <Box component="figure" m={0} maw={480}>
        {ONBOARDING_VIDEO_URL ? (
          <video
            src={ONBOARDING_VIDEO_URL}
            muted
            loop
            autoPlay
            playsInline
            width="100%"
            aria-describedby="launch-caption"
          />
        ) : (
          <Image src={launchIllustration} alt="" radius="md" aria-describedby="launch-caption" />
        )}
        <Text component="figcaption" id="launch-caption" size="sm" c="dimmed" mt="xs">
          In Google Sheets, open the Extensions menu, choose {PRODUCT_NAME}, then Start Mail Merge.
        </Text>
      </Box>
      <List type="ordered" spacing="xs">
        <List.Item>
          Open the <b>Extensions</b> menu of a spreadsheet.
        </List.Item>
        <List.Item>
          Choose <b>{PRODUCT_NAME}</b>.
        </List.Item>
        <List.Item>
          Click <b>Start Mail Merge</b>.
        </List.Item>
      </List>
      <Group gap="md">
        <Button
          component="a"
          href={GOOGLE_SHEETS_NEW_URL}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={16} aria-hidden="true" />}
        >
          Open Google Sheets
        </Button>
        <Anchor component={Link} to="/">
          Take me to my {PRODUCT_NAME} dashboard
        </Anchor>
      </Group>
    </StepBody>
  );
}

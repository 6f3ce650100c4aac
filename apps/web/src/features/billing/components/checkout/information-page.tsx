import { Button, Card, Grid, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import type { PaymentPreviewRequest, WorkspaceUserPlan } from '@mergedesk/domain/api/billing';
import {
  asksBusinessPurchase,
  CHECKOUT_FORM_MESSAGES,
  checkoutFormSchema,
  isVatIdError,
} from '@mergedesk/domain/billing/checkout-form';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import type { CheckoutTarget } from '@mergedesk/domain/billing/checkout-query';
import { findPaymentPlan } from '@mergedesk/domain/billing/plan-prices';
import { currencyForCountry } from '@mergedesk/domain/billing/tax';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { trackEvent } from '../../../../lib/analytics';
import { ApiError } from '../../../../lib/api-client';
import { usePageTitle } from '../../../../lib/page-title';
import type { CheckoutSessionBody } from '../../api/create-checkout-session';
import { useCreateCheckoutSession } from '../../api/create-checkout-session';
import { usePaymentPlans } from '../../api/get-payment-plans';
import type { StoredCheckoutForm } from '../../lib/checkout-storage';
import { readCheckoutForm, saveCheckoutForm } from '../../lib/checkout-storage';
import { countryOptions } from '../../lib/countries';
import { CheckoutHeader } from './checkout-header';
import { CheckoutErrorAlert } from './checkout-error-alert';
import { OrderSummary } from './order-summary';

/** Spec 001 §8: any other submit error. */
export const CHECKOUT_SUBMIT_ERROR = 'An error occurred. Please try again.';

export type InformationPageProps = {
  workspaceId: string;
  workspaceName: string;
  userName: string;
  /** The buyer's mail domain, shown read-only for a domain purchase. */
  domain: string | null;
  isGmailUser: boolean;
  steps: readonly string[];
  current: number;
  backTo: string | -1;
  purchase: InformationPurchase;
};

/**
 * What is bought: seats (v2, per seat; Pro yearly) or, in the per-user model (v1), the plan and
 * interval with the users made paid (spec 001 §7: the session carries their ids).
 */
type InformationPurchase =
  | { version: 'v2'; quantity: number }
  | { version: 'v1'; target: CheckoutTarget; paidUsers: WorkspaceUserPlan[] };

/**
 * The space bought for and who buys it, as the information page takes them (both checkouts): a
 * Gmail-type account has no domain to show.
 */
export const informationBuyer = (
  space: UserWorkspace,
  user: CurrentUser,
): Pick<InformationPageProps, 'workspaceId' | 'workspaceName' | 'userName' | 'domain' | 'isGmailUser'> => {
  const isGmailUser = isGmailAddress(user.userEmail);
  return {
    workspaceId: space.workspaceId,
    workspaceName: space.workspaceName,
    userName: user.userName,
    domain: isGmailUser ? null : user.domain.domainName,
    isGmailUser,
  };
};

const FORM_FIELDS = new Set<string>([
  'country',
  'vatNumber',
  'companyName',
  'name',
  'street',
  'city',
  'state',
  'code',
]);

/**
 * /checkout/information (spec 001 §2 "Billing-details page", §4 "Submit (information)", §5, §8):
 * the billing form with every rule of §5, a summary of the order priced by the server, and
 * 'Next: Checkout', which saves the form for the tab, creates the payment session and sends the
 * browser to the provider's hosted card page. A refused VAT id is a field error; any other failure
 * a banner at the top.
 */
export function InformationPage(props: InformationPageProps) {
  const { workspaceId, workspaceName, isGmailUser } = props;
  usePageTitle('Checkout');
  const { purchase } = props;
  const target: CheckoutTarget =
    purchase.version === 'v1' ? purchase.target : { plan: 'PRO', interval: 'YEARLY' };
  const quantity = purchase.version === 'v1' ? purchase.paidUsers.length : purchase.quantity;
  const stored = useMemo(() => readCheckoutForm(workspaceId), [workspaceId]);
  const form = useForm<StoredCheckoutForm>({
    mode: 'controlled',
    initialValues: { ...stored, name: stored.name || props.userName },
    validate: schemaResolver(checkoutFormSchema, { sync: true }),
  });
  const createSession = useCreateCheckoutSession(workspaceId);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  // Spec 001 §4: coming back from the hosted page through the back-forward cache reloads the page.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const { country, isBusinessPurchase } = form.values;
  const business = isBusinessPurchase && asksBusinessPurchase(country);
  const currency = currencyForCountry(country);
  const plans = usePaymentPlans(currency);
  const price =
    plans.data &&
    findPaymentPlan(plans.data, {
      workspacePlan: target.plan,
      isGmailUser,
      billingInterval: target.interval,
    });
  const [previewCountry] = useDebouncedValue(country, 300);
  const previewRequest: PaymentPreviewRequest | null = /^[A-Z]{2}$/.test(previewCountry)
    ? {
        country: previewCountry,
        purchaseType: business ? 'B2B' : 'B2C',
        billingInterval: target.interval,
        workspacePlan: target.plan,
        ...(purchase.version === 'v1'
          ? { userUpdates: purchase.paidUsers }
          : { seatPlans: [{ userPlan: isGmailUser ? 'PRO_PERSONAL' : 'PRO', quantity }] }),
      }
    : null;

  const changeCountry = (value: string | null) => {
    // Spec 001 §5: changing country resets the business choice to No.
    form.setValues({ country: value ?? '', isBusinessPurchase: false, vatNumber: '', companyName: '' });
  };

  const submit = form.onSubmit(async (values) => {
    setSubmitError(null);
    if (!price) return;
    saveCheckoutForm(workspaceId, values);
    const common = {
      workspaceId,
      addressInfo: {
        country: values.country,
        state: values.state.trim() || undefined,
        city: values.city.trim(),
        postalCode: values.code.trim() || undefined,
        street: values.street.trim(),
      },
      companyName: business ? values.companyName.trim() : undefined,
      customerName: values.name.trim(),
      isB2BTransaction: business,
      vatNumber: business ? values.vatNumber.trim() : undefined,
      goBackUrl: window.location.href,
      userName: props.userName,
    };
    const request: CheckoutSessionBody =
      purchase.version === 'v1'
        ? {
            version: 'v1',
            body: {
              ...common,
              plans: [
                {
                  stripePriceId: price.stripePriceId,
                  userIds: purchase.paidUsers.map((user) => user.userId),
                },
              ],
            },
          }
        : {
            version: 'v2',
            body: { ...common, stripePlans: [{ stripePriceId: price.stripePriceId, quantity }] },
          };
    try {
      const session = await createSession.mutateAsync(request);
      trackEvent({ event_type: 'stripe_checkout_session_created', space_id: workspaceId });
      setRedirecting(true);
      window.location.assign(session.url);
    } catch (error) {
      applySubmitError(error);
    }
  });

  const applySubmitError = (error: unknown) => {
    const apiError = error instanceof ApiError ? error : null;
    const message = apiError?.message ?? '';
    const reasons = [apiError?.reason, ...(apiError?.errors.map((issue) => issue.reason) ?? [])];
    if (isVatIdError(message) || reasons.includes('tax_id_invalid')) {
      form.setFieldError('vatNumber', CHECKOUT_FORM_MESSAGES.vatInvalid);
      return;
    }
    const fieldErrors = (apiError?.errors ?? []).filter(
      (issue) => issue.field && FORM_FIELDS.has(issue.field),
    );
    if (apiError?.status === 400 && fieldErrors.length > 0) {
      for (const issue of fieldErrors) form.setFieldError(issue.field!, issue.message);
      return;
    }
    setSubmitError(CHECKOUT_SUBMIT_ERROR);
    window.scrollTo({ top: 0 });
  };

  const countries = useMemo(() => countryOptions(), []);

  return (
    <Stack gap="lg">
      <CheckoutHeader steps={props.steps} current={props.current} backTo={props.backTo} />
      <Title order={1}>Upgrading {workspaceName}</Title>
      <CheckoutErrorAlert title={submitError} />
      <form onSubmit={submit} noValidate aria-label="Billing information">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder padding="lg" radius="md">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Billing information
                </Title>
                {props.domain && <TextInput label="Domain" value={props.domain} readOnly variant="filled" />}
                <Select
                  label="Country"
                  data={countries}
                  searchable
                  required
                  value={country || null}
                  onChange={changeCountry}
                  error={form.errors.country}
                  nothingFoundMessage="No country found"
                  comboboxProps={{ withinPortal: true }}
                />
                {asksBusinessPurchase(country) && (
                  <Radio.Group
                    label="Is this a business purchase?"
                    value={isBusinessPurchase ? 'yes' : 'no'}
                    onChange={(value) => form.setFieldValue('isBusinessPurchase', value === 'yes')}
                    required
                  >
                    <Stack gap="xs" mt="xs">
                      <Radio value="no" label="No" />
                      <Radio value="yes" label="Yes" />
                    </Stack>
                  </Radio.Group>
                )}
                {business && (
                  <>
                    <TextInput label="VAT ID" required {...form.getInputProps('vatNumber')} />
                    <TextInput label="Company name" required {...form.getInputProps('companyName')} />
                  </>
                )}
                <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
                <TextInput
                  label="Street"
                  required
                  autoComplete="street-address"
                  {...form.getInputProps('street')}
                />
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="City"
                      required
                      autoComplete="address-level2"
                      {...form.getInputProps('city')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label="Postal code"
                      autoComplete="postal-code"
                      {...form.getInputProps('code')}
                    />
                  </Grid.Col>
                </Grid>
                <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary
              workspaceId={workspaceId}
              request={previewRequest}
              version={purchase.version}
              item={
                isGmailUser
                  ? 'Pro (Personal)'
                  : purchase.version === 'v1'
                    ? `${quantity} ${target.plan === 'PREMIUM' ? 'Premium' : 'Pro'} user${quantity === 1 ? '' : 's'}`
                    : `${quantity} Pro seat${quantity === 1 ? '' : 's'}`
              }
              interval={target.interval}
              action={
                <Button
                  type="submit"
                  fullWidth
                  loading={createSession.isPending || redirecting}
                  disabled={!price}
                >
                  Next: Checkout
                </Button>
              }
            />
            {plans.isError && (
              <Text size="sm" c="red" role="alert" mt="xs">
                {CHECKOUT_SUBMIT_ERROR}
              </Text>
            )}
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}

import { z } from 'zod/mini';

import { DEFAULT_BILLING_INTERVAL, DEFAULT_COUNTRY } from './prices';
import { isEuCountry } from './tax';

/**
 * The billing information form of spec 001 §5 with its exact messages: the checkout page validates
 * with it, the server validates the checkout-session body with it (mapped to these names).
 */

export const CHECKOUT_FORM_MESSAGES = {
  country: 'Country is a required field',
  vatNumber: 'The VAT ID is a required field for a business purchase',
  companyNameRequired: 'Company name is a required field',
  companyNameMax: 'Company name must be at most 256 characters',
  nameRequired: 'Name is a required field',
  /** Spec 001 §5 verbatim: the business limit of the name field names 'Company name'. */
  businessNameMax: 'Company name must be at most 30 characters',
  nameMax: 'Name must be at most 256 characters',
  streetRequired: 'Street is a required field',
  streetMax: 'Street must be at most 256 characters',
  city: 'City is a required field',
  stateMax: 'State must be at most 256 characters',
  codeMax: 'Postal code must be at most 30 characters',
  /** Spec 001 §8: the field error of a VAT id the payment provider refuses (tax_id_invalid). */
  vatInvalid: 'This VAT ID doesn’t seem to be valid.',
} as const;

/** Spec 001 §5/§9 field limits. */
export const CHECKOUT_FIELD_LIMITS = {
  name: 256,
  businessName: 30,
  companyName: 256,
  street: 256,
  state: 256,
  code: 30,
} as const;

/**
 * Spec 001 §5: the business question (and the VAT field) exists only for European countries, so a
 * purchase elsewhere is never a business purchase.
 */
export const asksBusinessPurchase = (country: string): boolean => isEuCountry(country);

const text = () => z.string().check(z.trim());

export const checkoutFormSchema = z
  .object({
    country: z
      .string({ error: CHECKOUT_FORM_MESSAGES.country })
      .check(z.regex(/^[A-Z]{2}$/, { error: CHECKOUT_FORM_MESSAGES.country })),
    isBusinessPurchase: z.boolean(),
    vatNumber: z.optional(text()),
    companyName: z.optional(text()),
    name: text().check(z.minLength(1, { error: CHECKOUT_FORM_MESSAGES.nameRequired })),
    street: text().check(
      z.minLength(1, { error: CHECKOUT_FORM_MESSAGES.streetRequired }),
      z.maxLength(CHECKOUT_FIELD_LIMITS.street, { error: CHECKOUT_FORM_MESSAGES.streetMax }),
    ),
    city: text().check(z.minLength(2, { error: CHECKOUT_FORM_MESSAGES.city })),
    state: z.optional(
      text().check(z.maxLength(CHECKOUT_FIELD_LIMITS.state, { error: CHECKOUT_FORM_MESSAGES.stateMax })),
    ),
    code: z.optional(
      text().check(z.maxLength(CHECKOUT_FIELD_LIMITS.code, { error: CHECKOUT_FORM_MESSAGES.codeMax })),
    ),
  })
  .check(
    z.superRefine((form, ctx) => {
      const business = form.isBusinessPurchase && asksBusinessPurchase(form.country);
      if (business) {
        if ((form.vatNumber ?? '').length < 2) {
          ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: CHECKOUT_FORM_MESSAGES.vatNumber });
        }
        const company = form.companyName ?? '';
        if (company.length === 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['companyName'],
            message: CHECKOUT_FORM_MESSAGES.companyNameRequired,
          });
        } else if (company.length > CHECKOUT_FIELD_LIMITS.companyName) {
          ctx.addIssue({
            code: 'custom',
            path: ['companyName'],
            message: CHECKOUT_FORM_MESSAGES.companyNameMax,
          });
        }
      }
      const nameMax = business ? CHECKOUT_FIELD_LIMITS.businessName : CHECKOUT_FIELD_LIMITS.name;
      if (form.name.length > nameMax) {
        ctx.addIssue({
          code: 'custom',
          path: ['name'],
          message: business ? CHECKOUT_FORM_MESSAGES.businessNameMax : CHECKOUT_FORM_MESSAGES.nameMax,
        });
      }
    }),
  );
export type CheckoutForm = z.input<typeof checkoutFormSchema>;

/** Spec 001 §3 "Checkout form" defaults. */
export const CHECKOUT_DEFAULTS = {
  plan: 'PRO',
  billingInterval: DEFAULT_BILLING_INTERVAL,
  seatQuantity: 1,
  country: DEFAULT_COUNTRY,
} as const;

/**
 * Spec 001 §8: a submit error is the VAT field error when its message contains tax_id_invalid or
 * says the VAT number is not valid.
 */
export const isVatIdError = (message: string): boolean =>
  message.includes('tax_id_invalid') || /vat (id|number).*not (be )?valid/i.test(message);

/** Spec 002 §2.11 / §8 "Public pages": the texts of the public result pages, verbatim. */
export const UNSUBSCRIBED_SUCCESS_TITLE = 'Unsubscription was successful!';
export const UNSUBSCRIBED_SUCCESS_DESCRIPTION =
  'We have informed the sender of this email that you don’t want to receive more emails from them.';
export const FORM_RESPONSE_SUCCESS_TITLE = 'Thanks, your response has been recorded';
export const PUBLIC_ERROR_TITLE = 'Sorry, an error ocurred';

/** Spec 002 §2.11: the result is a success unless the query has success=0. */
export const isSuccessfulResult = (search: URLSearchParams): boolean => search.get('success') !== '0';

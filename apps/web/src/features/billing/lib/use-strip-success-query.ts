import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { BILLING_SUCCESS_QUERY_PARAMS } from '@mergedesk/domain/billing/billing-query';

/**
 * Spec 001 §2: drops a checkout's return parameters from the billing page's address (replace), so
 * a reload does not show the banner again; other parameters (show-plans…) stay.
 */
export function useStripSuccessQuery(): () => void {
  const [, setSearchParams] = useSearchParams();
  return useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of BILLING_SUCCESS_QUERY_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);
}

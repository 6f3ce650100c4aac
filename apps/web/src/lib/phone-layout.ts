import { useMediaQuery } from '@mantine/hooks';

/**
 * True below Mantine's `sm` breakpoint (48em), where the tables leave columns out
 * (`visibleFrom="sm"`) and show their content under the row's title instead (issue 9: tables laid
 * out for 375–1440 px). Rendered only then, so the text is never in the page twice.
 */
export const usePhoneLayout = (): boolean => useMediaQuery('(max-width: 47.99em)') ?? false;

import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { BREAKPOINTS } from '@mergedesk/domain/session/constants';

const em = (px: number): string => `${px / 16}em`;

/** Spec 000 §2/§9: responsive breakpoints 375, 480, 990, 1024 and 1440 px. */
export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(BREAKPOINTS.xl),
  },
});

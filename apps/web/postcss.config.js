// Mantine's PostCSS preset, with the breakpoints of spec 000 §9 (375, 480, 990, 1024, 1440 px)
// as $mantine-breakpoint-* variables for component CSS modules.
export default {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '23.4375em',
        'mantine-breakpoint-sm': '30em',
        'mantine-breakpoint-md': '61.875em',
        'mantine-breakpoint-lg': '64em',
        'mantine-breakpoint-xl': '90em',
      },
    },
  },
};

import { createTheme } from '@mantine/core';

/** One theme; the halykfinance variant overrides colours and logos through partner flags, not a fork. */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    // Mantine's gray 5 (placeholders), gray 6 (dimmed text) and orange 8 (warnings) fail WCAG AA
    // contrast on white (2.1, 3.3 and 3.6:1); these shades give 4.7, 6.1 and 5.2:1 (axe-core, e2e/a11y.e2e.ts).
    gray: [
      '#f8f9fa',
      '#f1f3f5',
      '#e9ecef',
      '#dee2e6',
      '#ced4da',
      '#6c757d',
      '#5c636a',
      '#495057',
      '#343a40',
      '#212529',
    ],
    orange: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#ff922b',
      '#fd7e14',
      '#f76707',
      '#c2410c',
      '#9a3412',
    ],
    brand: [
      '#eaf1fd',
      '#d3e1fa',
      '#a6c2f4',
      '#76a1ee',
      '#4f86e9',
      '#3674e6',
      '#1c5fd4',
      '#1351be',
      '#0a47aa',
      '#003c96',
    ],
  },
  fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});

import { defaultTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

/** react-admin's theme in the site's colours and Korean type (DESIGN.md). */
export const consoleTheme: RaThemeOptions = {
  ...defaultTheme,
  // A red dark enough for small button text on the form toolbar's grey (#e0e0e0): 5:1.
  palette: { primary: { main: '#c2410c' }, secondary: { main: '#1d1d1f' }, error: { main: '#b71c1c' } },
  typography: {
    fontFamily: "'Pretendard Korean', Pretendard, -apple-system, BlinkMacSystemFont, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif",
  },
};

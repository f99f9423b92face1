import { defaultTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

/** react-admin's theme in the site's colours and Korean type (DESIGN.md). */
export const consoleTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#c2410c' }, secondary: { main: '#1d1d1f' } },
  typography: {
    fontFamily: "'Pretendard Korean', Pretendard, -apple-system, BlinkMacSystemFont, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif",
  },
};

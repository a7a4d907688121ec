import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Light and dark themes (react-admin's defaults with the product's blue; text contrast >= 4.5:1 for axe). */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1f5fc7' },
    secondary: { main: '#123a7a' },
    error: { main: '#b71c1c' },
    warning: { main: '#a65400' },
  },
};
export const darkTheme: RaThemeOptions = { ...defaultDarkTheme, palette: { ...defaultDarkTheme.palette, primary: { main: '#90caf9' } } };

import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, Logout, TitlePortal, ToggleThemeButton, UserMenu } from 'react-admin';
import { TotpMenuItem } from '../account/AccountMenuItem';

/** The top bar: page title, language picker (five locales), light/dark toggle, refresh, user menu (two-step verification, logout). */
export function AppBar(): React.ReactElement {
  return (
    <RaAppBar
      userMenu={
        <UserMenu>
          <TotpMenuItem />
          <Logout />
        </UserMenu>
      }
      toolbar={
        <>
          <LocalesMenuButton />
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}

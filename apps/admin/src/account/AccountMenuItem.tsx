import SecurityIcon from '@mui/icons-material/Security';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate, useUserMenu } from 'react-admin';
import { TOTP_PATH } from './routes';

/** User-menu entry to the staff member's own two-step verification (TOTP) page. */
export const TotpMenuItem = forwardRef<HTMLAnchorElement>(function TotpMenuItem(props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={TOTP_PATH} ref={ref} onClick={() => userMenu?.onClose()} {...props}>
      <ListItemIcon>
        <SecurityIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('resources.account.totp.title')}</ListItemText>
    </MenuItem>
  );
});

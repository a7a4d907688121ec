import { List } from 'antd-mobile';
import type { ReactElement, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export interface MenuItem {
  key: string;
  label: string;
  to?: string;
  onClick?: () => void;
  extra?: ReactNode;
}

/** A list of links (settings, personal menus). */
export function MenuList({ items, header }: { items: readonly MenuItem[]; header?: string }): ReactElement {
  const navigate = useNavigate();
  return (
    <List header={header} mode="card">
      {items.map((item) => (
        <List.Item key={item.key} extra={item.extra} onClick={item.onClick ?? (item.to !== undefined ? () => void navigate(item.to ?? '/') : undefined)}>
          {item.label}
        </List.Item>
      ))}
    </List>
  );
}

import { Menu, useCanAccess, useResourceDefinitions } from 'react-admin';

/**
 * The side menu: one entry per registered resource the staff member may `list` (canAccess, from the role matrix),
 * in the order of the `<Resource>`s in App.tsx.
 */
export function AppMenu(): React.ReactElement {
  const resources = useResourceDefinitions();
  return (
    <Menu>
      <DashboardItem />
      {Object.values(resources)
        .filter((r) => r.hasList)
        .map((r) => (
          <AccessibleItem key={r.name} name={r.name} />
        ))}
    </Menu>
  );
}

/** The dashboard entry, for roles with `stats.read` (the others land on a welcome card). */
function DashboardItem(): React.ReactElement | null {
  const { canAccess } = useCanAccess({ action: 'list', resource: 'dashboard' });
  return canAccess === true ? <Menu.DashboardItem /> : null;
}

function AccessibleItem({ name }: { name: string }): React.ReactElement | null {
  const { canAccess } = useCanAccess({ action: 'list', resource: name });
  return canAccess === true ? <Menu.ResourceItem name={name} /> : null;
}

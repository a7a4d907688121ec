import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, type SortPayload, useCanAccess } from 'react-admin';
import { ListActions } from './ListActions';

interface Props {
  /** The resource, for the role's `edit` right. */
  resource: string;
  filters: ReactElement[];
  sort: SortPayload;
  /** The table's columns (`DataTable.Col`). */
  children: ReactNode;
}

/** A list the role may or may not write: create and a row click to edit only when it may; the CSV export, no bulk actions. */
export function EditableList({ resource, filters, sort, children }: Props): ReactElement {
  const { canAccess: canWrite } = useCanAccess({ action: 'edit', resource });
  return (
    <List filters={filters} actions={<ListActions create={canWrite === true} />} exporter={false} empty={false} sort={sort}>
      <DataTable rowClick={canWrite === true ? 'edit' : false} bulkActionButtons={false}>
        {children}
      </DataTable>
    </List>
  );
}

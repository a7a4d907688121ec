import type { ReactNode } from 'react';
import { Create, Edit, SimpleForm } from 'react-admin';
import { changedFields } from './changedFields';

/** A record's edit screen: one form, saved pessimistically (the list shows what the API kept), only the changed fields sent. */
export function EditForm({ children }: { children: ReactNode }): React.ReactElement {
  return (
    <Edit mutationMode="pessimistic" transform={changedFields}>
      <SimpleForm>{children}</SimpleForm>
    </Edit>
  );
}

/** A record's create screen: one form, back to the list once saved. */
export function CreateForm({ children }: { children: ReactNode }): React.ReactElement {
  return (
    <Create redirect="list">
      <SimpleForm>{children}</SimpleForm>
    </Create>
  );
}

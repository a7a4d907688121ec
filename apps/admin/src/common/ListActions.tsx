import { CreateButton, FilterButton, TopToolbar } from 'react-admin';
import { CsvExportButton } from './CsvExportButton';

/** A list's toolbar: filters (when the list has some), create (when the role may), and the API's CSV export. */
export function ListActions({
  filters = true,
  create = false,
  children,
}: {
  filters?: boolean;
  create?: boolean;
  children?: React.ReactNode;
}): React.ReactElement {
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      {create && <CreateButton />}
      {children}
      <CsvExportButton />
    </TopToolbar>
  );
}

import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_ROOT, httpClient } from './api';
import { toApiFilter } from './common/apiFilter';

const rest = simpleRestProvider(API_ROOT, httpClient);

/** ra-data-simple-rest on /admin-api: bare arrays plus `Content-Range`, real HTTP statuses with `{ message }`. */
export const dataProvider: DataProvider = {
  ...rest,
  getList: (resource, params) => rest.getList(resource, { ...params, filter: toApiFilter(resource, (params.filter ?? {}) as Record<string, unknown>) }),
};

import { HttpError } from 'react-admin';
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { toApiError } from '../../lib/api-errors.ts';
import { quietApi } from '../../lib/browser-api.ts';

/** The console's API: /api/admin/{resource}, in the shapes of API-CONVENTIONS.md. */
const base = (resource: string) => `/api/admin/${resource}`;

interface Page<T> {
  data: T[];
  meta: { total: number };
}

/** react-admin reads field errors from `body.errors` as one message per field. */
function toHttpError(failure: unknown): HttpError {
  const error = toApiError(failure);
  const errors = Object.fromEntries(Object.entries(error.errors).map(([field, messages]: [string, string[]]) => [field, messages.join(' ')]));
  // The field messages go last: the answer's own `errors` holds arrays, which react-admin would not show.
  return new HttpError(error.message, error.status, { ...(typeof error.data === 'object' && error.data ? error.data : {}), errors });
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (failure) {
    throw toHttpError(failure);
  }
}

/** Filters go to the query string by name; `q` is the search box of every list. */
function listQuery(params: Partial<GetListParams>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (params.pagination) {
    query.page = params.pagination.page;
    query.per_page = params.pagination.perPage;
  }
  if (params.sort?.field) {
    query.sort = params.sort.field;
    query.order = params.sort.order === 'ASC' ? 'asc' : 'desc';
  }
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (value !== undefined && value !== null && value !== '') query[name] = value;
  }
  return query;
}

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const page = await call(() => quietApi.get<Page<RaRecord>>(base(resource), listQuery(params)));
    return { data: page.data as never[], total: page.meta.total };
  },
  async getOne(resource, params) {
    const { data } = await call(() => quietApi.get<{ data: RaRecord }>(`${base(resource)}/${params.id}`));
    return { data: data as never };
  },
  async getMany(resource, params) {
    if (params.ids.length === 0) return { data: [] };
    const page = await call(() => quietApi.get<Page<RaRecord>>(base(resource), { ids: params.ids.join(','), per_page: 100 }));
    return { data: page.data as never[] };
  },
  async getManyReference(resource, params) {
    const page = await call(() =>
      quietApi.get<Page<RaRecord>>(base(resource), { ...listQuery(params), [params.target]: params.id }),
    );
    return { data: page.data as never[], total: page.meta.total };
  },
  async create(resource, params) {
    const { data } = await call(() => quietApi.post<{ data: RaRecord }>(base(resource), requestBody(params.data as Record<string, unknown>)));
    return { data: data as never };
  },
  async update(resource, params) {
    const { data } = await call(() => quietApi.patch<{ data: RaRecord }>(`${base(resource)}/${params.id}`, changedFields(params.data, params.previousData)));
    return { data: data as never };
  },
  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id: Identifier) => call(() => quietApi.patch(`${base(resource)}/${id}`, params.data as Record<string, unknown>))));
    return { data: params.ids };
  },
  async delete(resource, params) {
    await call(() => quietApi.del(`${base(resource)}/${params.id}`));
    return { data: params.previousData as never };
  },
  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id: Identifier) => call(() => quietApi.del(`${base(resource)}/${id}`))));
    return { data: params.ids };
  },
};

interface PickedFile {
  rawFile: File;
}

const isPickedFile = (value: unknown): value is PickedFile => typeof value === 'object' && value !== null && (value as PickedFile).rawFile instanceof File;

/** JSON, or multipart when the form picked a file (react-admin's FileInput hands `{rawFile}`). */
function requestBody(data: Record<string, unknown>): Record<string, unknown> | FormData {
  if (!Object.values(data).some(isPickedFile)) return data;
  const form = new FormData();
  for (const [field, value] of Object.entries(data)) {
    if (isPickedFile(value)) form.append(field, value.rawFile);
    else if (value !== undefined && value !== null) form.append(field, String(value));
  }
  return form;
}

/** Only what the form changed is sent: read-only fields (ids, times) stay out of the request. */
function changedFields(next: Partial<RaRecord>, previous: RaRecord | undefined): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (!previous || JSON.stringify(previous[field]) !== JSON.stringify(value)) changed[field] = value;
  }
  return changed;
}

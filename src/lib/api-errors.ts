export type ValidationErrors = Record<string, string[]>;

/** Status 0 means no HTTP answer at all (network down, request aborted). */
export const NETWORK_ERROR_STATUS = 0;

export class ApiError<Data = unknown> extends Error {
  readonly status: number;
  readonly errors: ValidationErrors;
  readonly data: Data | undefined;

  constructor(status: number, message: string, data?: Data, errors: ValidationErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.errors = errors;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The server's body is untrusted input: keep only the string messages of the errors map.
const readErrors = (value: unknown): ValidationErrors => {
  if (!isRecord(value)) return {};
  const errors: ValidationErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = Array.isArray(messages) ? messages : [messages];
    const texts = list.filter((message): message is string => typeof message === 'string');
    if (texts.length > 0) errors[field] = texts;
  }
  return errors;
};

/** The shape of an ofetch FetchError, read loosely so any thrown value can be converted. */
interface FailedFetch {
  status?: number;
  data?: unknown;
  message?: string;
}

export const toApiError = (failure: unknown): ApiError => {
  if (isApiError(failure)) return failure;
  const { status, data, message } = (isRecord(failure) ? failure : {}) as FailedFetch;
  const body = isRecord(data) ? data : {};
  const text = typeof body.message === 'string' ? body.message : (message ?? String(failure));
  return new ApiError(status ?? NETWORK_ERROR_STATUS, text, data, readErrors(body.errors));
};

/** Every message of a 422 errors map, in field order, ready to be listed to the user. */
export const validationMessages = (error: unknown): string[] =>
  isApiError(error) ? Object.values(error.errors).flat() : [];

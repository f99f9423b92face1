import { buildOpenApiDocument } from '../../http/openapi/document.ts';
import { legacyRouteOf } from '../legacy/map.ts';
import { API_OPERATIONS } from './operations.ts';

let built: Record<string, unknown> | null = null;

/** Built on the first call and kept: the descriptions do not change while the process runs. */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildOpenApiDocument(API_OPERATIONS, { legacyRouteOf });
  return built;
}

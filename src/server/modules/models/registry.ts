import { invalidInput } from '../../domain-errors.ts';
import { offTheRecordKind } from '../off-the-record/model-kind.ts';
import { roomPostKind, roomThreadKind } from '../rooms/model-kind.ts';
import { squarePostKind } from '../square/model-kind.ts';
import type { ModelKind } from './kind.ts';

export const UNSUPPORTED_MODEL_MESSAGE = '지원하지 않는 대상이에요.';

/**
 * Every `model_type` that comments, reactions and saves work on (API-CONVENTIONS.md names them
 * all; the others join as their domains land). A new kind is a file in its domain and a line here.
 */
const MODEL_KINDS: Record<string, ModelKind> = {
  square_post: squarePostKind,
  off_the_record: offTheRecordKind,
  ritual_session_post: roomPostKind,
  ritual_session_thread: roomThreadKind,
};

const kinds = new Map(Object.entries(MODEL_KINDS));

/** The kind for a `model_type`; 422 on `model_type` for one that is not registered. */
export function modelKind(type: string): ModelKind {
  const kind = kinds.get(type);
  if (!kind) throw invalidInput({ model_type: [UNSUPPORTED_MODEL_MESSAGE] });
  return kind;
}

/** A kind from outside the list: the tests' own, which proves a kind needs nothing but this. */
export function registerModelKind(type: string, kind: ModelKind): void {
  if (kinds.has(type)) throw new Error(`model_type ${type} is registered already`);
  kinds.set(type, kind);
}

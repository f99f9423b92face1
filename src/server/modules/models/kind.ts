import type { Db } from '../../db/client.ts';
import type { Reader } from './reader.ts';

/** What comments, reactions and saves need to know about the thing they hang on. */
export interface ModelTarget {
  ownerId: number;
  /** The owner wrote it anonymously: their comments stay anonymous, and others may choose to be. */
  isAnonymous: boolean;
}

/** What a notification about the thing says and whose it is (NotificationData's fields, without the actor). */
export interface ModelSubject {
  /** Null for what the service itself wrote (an editorial record): nobody is told of comments on it. */
  ownerId: number | null;
  isAnonymous: boolean;
  title: string;
  squarePostCategorySlug: string | null;
  ritualSessionId: number | null;
  ritualSessionThreadId: number | null;
  /** The id the client builds the link with: the square post's, or the room post's. */
  id: number;
  /** A ready link, for a thing the client has no rule to build one for. */
  link?: string;
}

/**
 * A kind of thing that comments, reactions and saves can hang on (a `model_type`). Each lives in
 * its own domain's folder and is named once in the registry; the comments, reactions and saves
 * modules only ever talk to this interface.
 */
export interface ModelKind {
  /**
   * The target as `reader` may read it (its comments and reactions too): NotFoundError when it does
   * not exist, ForbiddenError (a LockedError, say) when the reader may not.
   */
  open(db: Db, reader: Reader, id: number): Promise<ModelTarget>;
  /**
   * The target as `reader` may comment on it, react to it or save it; by default, whoever may read
   * it may. A kind that guests read and only some members act on says so here.
   */
  openForAction?(db: Db, reader: Reader & { userId: number }, id: number): Promise<ModelTarget>;
  /** The target without an access check, for code that has already checked (or only counts). */
  target(db: Db, id: number): Promise<ModelTarget | null>;
  /** Keep the target's counters right; called inside the transaction that changed the rows. */
  bumpComments(tx: Db, id: number, delta: number): Promise<void>;
  bumpReactions(tx: Db, id: number, delta: number): Promise<void>;
  /** Whom to notify and what the notification says: read in the transaction that acted; null when it is gone. */
  subject(tx: Db, id: number): Promise<ModelSubject | null>;
  /**
   * What the kind adds when a comment is written on it (a room's mentions), inside the comment's
   * transaction, after its own notifications.
   */
  afterComment?(tx: Db, comment: NewCommentEvent): Promise<void>;
}

/** A comment just stored, as a kind's `afterComment` sees it. */
export interface NewCommentEvent {
  id: number;
  userId: number;
  content: string;
  isAnonymous: boolean;
  /** The target's `subject`, read once in the comment's transaction and shared with its notifications. */
  subject: ModelSubject | null;
}

/** The target as `reader` may act on it: the kind's own rule, or its reading rule. */
export const openForAction = (kind: ModelKind, db: Db, reader: Reader & { userId: number }, id: number): Promise<ModelTarget> =>
  kind.openForAction ? kind.openForAction(db, reader, id) : kind.open(db, reader, id);

/**
 * Who no list of people on the target may name (those who reacted, read it, liked it): its
 * author, when they wrote it anonymously, since their own reaction would unmask them.
 */
export const unlistedUserOf = (target: ModelTarget): number | null => (target.isAnonymous ? target.ownerId : null);

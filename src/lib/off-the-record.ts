import type { CommentData } from './comments.ts';
import type { ReactionCounts, ReactionTypeName } from './reactions.ts';

/**
 * Off-the-record as the API answers it (API-CONVENTIONS.md "Rituals and the explorer"): one type
 * per resource, written by src/server/modules/off-the-record/resource.ts and read by the pages
 * and the structured data alike.
 */

export type OffTheRecordKindName = 'interview' | 'record' | 'review';

/** The label a card shows for each kind. */
export const OFF_THE_RECORD_KIND_LABELS: Record<OffTheRecordKindName, string> = {
  interview: '인터뷰',
  record: '기록',
  review: '후기',
};

export interface OffTheRecordCategory {
  id: number;
  name: string;
}

export interface OffTheRecordItem {
  id: number;
  kind: OffTheRecordKindName;
  category: OffTheRecordCategory;
  /** The ritual the record is about, when it is about one. */
  ritual_id: number | null;
  title: string;
  summary: string;
  cover_image_url: string;
  cover_image_alt: string;
  author_name: string;
  published_at: string;
  comments_count: number;
  reactions_count: number;
}

export interface OffTheRecordDetail extends OffTheRecordItem {
  content_html: string;
  updated_at: string;
  reaction_counts: ReactionCounts;
  my_reactions: ReactionTypeName[];
  is_saved: boolean;
  comments: CommentData[];
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface OffTheRecordPage {
  data: OffTheRecordItem[];
  meta: PageMeta;
}

export const offTheRecordPath = (id: number): string => `/explorer/off-the-record/${id}`;

export const OFF_THE_RECORD_LIST_PATH = '/explorer/off-the-record';

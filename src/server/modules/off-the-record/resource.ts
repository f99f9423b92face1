import type { OffTheRecordCategory, OffTheRecordDetail, OffTheRecordItem } from '../../../lib/off-the-record.ts';
import { apiTime } from '../../http/serialize.ts';
import { commentResource } from '../comments/resource.ts';
import type { RecordCategoryView, RecordDetailView, RecordItemView } from './service.ts';

export const recordCategoryResource = (category: RecordCategoryView): OffTheRecordCategory => ({ id: category.id, name: category.name });

export const recordItemResource = (record: RecordItemView): OffTheRecordItem => ({
  id: record.id,
  kind: record.kind,
  category: { id: record.categoryId, name: record.categoryName },
  ritual_id: record.ritualId,
  title: record.title,
  summary: record.summary,
  cover_image_url: record.coverImageUrl,
  cover_image_alt: record.coverImageAlt,
  author_name: record.authorName,
  published_at: apiTime(record.publishedAt),
  comments_count: record.commentsCount,
  reactions_count: record.reactionsCount,
});

export const recordDetailResource = (record: RecordDetailView): OffTheRecordDetail => ({
  ...recordItemResource(record),
  content_html: record.contentHtml,
  updated_at: apiTime(record.updatedAt),
  reaction_counts: record.reactions.counts,
  my_reactions: record.reactions.mine,
  is_saved: record.isSaved,
  comments: record.comments.map(commentResource),
});

import { dataOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { uploadedImagesAnswer } from './answer-schema.ts';
import { imageUploadInput } from './schema.ts';

export const uploadOperations: readonly ApiOperation[] = [
  {
    method: 'POST',
    path: '/api/image-upload',
    summary: '이미지 올리기 (images[] 여러 장이면 목록)',
    access: 'member',
    body: imageUploadInput,
    multipart: true,
    answers: { 201: dataOf(uploadedImagesAnswer) },
  },
];

import type { Answer } from './body.ts';
import type { UploadProgress } from './clients.ts';
import { clientFor } from './clients.ts';

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** One picture for the editor: our storage's URL and its size. Quiet: the editor tells a failure beside the picture. */
export async function uploadImage(image: File, onProgress: UploadProgress): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', image);
  const { data } = await clientFor({ quiet: true, onProgress }).post<Answer<UploadedImage>>('/api/image-upload', body);
  return data;
}

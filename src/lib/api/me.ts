import type { deletionPreviewResource } from '../../server/modules/orders/live-purchases.ts';
import type { profileResource } from '../../server/modules/me/resource.ts';
import type { accountDeletionInput } from '../../server/modules/me/schema.ts';
import type { SendOptions } from './clients.ts';
import type { Answer, Body } from './body.ts';
import { multipart } from './body.ts';
import { clientFor } from './clients.ts';

type Profile = ReturnType<typeof profileResource>;
export interface ProfileDraft {
  nickname: string;
  username: string;
  introduction: string;
  profile_image?: File | null;
}

/** Multipart; with a picture, `onProgress` follows it byte by byte. */
export async function updateProfile(draft: ProfileDraft, options: Pick<SendOptions, 'onProgress'> = {}): Promise<Profile> {
  const { data } = await clientFor(options).put<Answer<Profile>>('/api/me', multipart({ ...draft }));
  return data;
}

/** The account goes; the session with it. */
export const deleteAccount = (input: Body<typeof accountDeletionInput>): Promise<unknown> => clientFor().del('/api/me', { ...input });

/** What the member still holds that deleting the account would forfeit. */
export async function deletionPreview(): Promise<ReturnType<typeof deletionPreviewResource>> {
  const { data } = await clientFor().get<Answer<ReturnType<typeof deletionPreviewResource>>>('/api/me/deletion-preview');
  return data;
}

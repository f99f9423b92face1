import { atom } from 'nanostores';
import { updateProfile } from '../lib/api/me.ts';
import type { UploadProgress } from '../lib/api/clients.ts';
import { outcomeWithPicture } from './form-submit.ts';
import type { PictureOutcome } from './form-submit.ts';

export interface EditableProfile {
  nickname: string;
  username: string;
  introduction: string;
  profileImage: string | null;
}

/** What the form holds when it is saved; a picture only when one was picked. */
export interface ProfileComposition {
  nickname: string;
  username: string;
  introduction: string;
  picture: File | null;
}

/**
 * /mypage/profile: picture, nickname, username and introduction, saved in one multipart PUT.
 * `$saved` is what the server holds now, the base for "changed" and for the picture shown; with a
 * picture, `onProgress` follows the request byte by byte.
 */
export function createProfileForm(profile: EditableProfile) {
  const $saved = atom(profile);
  const $busy = atom(false);

  const save = async ({ nickname, username, introduction, picture }: ProfileComposition, onProgress?: UploadProgress): Promise<PictureOutcome<EditableProfile> | null> => {
    if ($busy.get()) return null;
    $busy.set(true);
    const draft = { nickname: nickname.trim(), username: username.trim(), introduction, profile_image: picture };
    try {
      const data = await updateProfile(draft, { onProgress: picture ? onProgress : undefined });
      const saved: EditableProfile = { nickname: data.nickname, username: data.username, introduction: data.introduction ?? '', profileImage: data.profile_image };
      $saved.set(saved);
      return { sent: saved };
    } catch (error) {
      return outcomeWithPicture(error, picture !== null);
    } finally {
      $busy.set(false);
    }
  };

  return { $saved, $busy, save };
}

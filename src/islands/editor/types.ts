/** What the composer's pages hand the island (camelCase props, read from the square's services). */

export interface ComposerCategory {
  id: number;
  name: string;
  allowsAnonymous: boolean;
}

/** The post being edited. */
export interface EditablePost {
  id: number;
  title: string;
  contentHtml: string;
  categoryId: number;
  isAnonymous: boolean;
  isNotice: boolean;
  /** It has a password of its own. */
  isProtected: boolean;
}

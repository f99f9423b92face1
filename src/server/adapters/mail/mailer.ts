/** A message as the application composes it; each adapter decides how it leaves the process. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The URLs in the message that someone is meant to follow (a verification or reset link).
   * Kept apart from the body so a test or a developer can follow them without parsing HTML.
   */
  links?: string[];
  /** Headers of its own beyond the adapter's (List-Unsubscribe on the weekly letter). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

import type { SocialProvider } from '../../db/schema/index.ts';

export interface ProviderSettings {
  provider: SocialProvider;
  clientId: string;
  /** Apple's secret is a short-lived token signed with the team's key, made per request. */
  clientSecret: () => string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string | null;
  scopes: string[];
  /** Google takes PKCE; Kakao, Naver and Apple rely on the client secret alone. */
  pkce: boolean;
  /** Apple posts the answer back as a form when names or e-mail are asked for. */
  formPost: boolean;
  /** This site's pretend provider (stand-in.ts), for development without keys. */
  standIn?: boolean;
}

export type SocialSettings = Partial<Record<SocialProvider, ProviderSettings>>;

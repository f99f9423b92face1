import type { SocialProvider } from './db/schema/index.ts';
import type { Env } from './env.ts';
import { socialSettingsFromEnv } from './modules/social/providers.ts';

export interface SocialLink {
  label: string;
  url: string;
}

/** What the shell shows from configuration: external links, company details, chat, tracking. */
export interface SiteSettings {
  businessInquiryUrl: string;
  newsletterUrl: string;
  company: {
    name: string;
    ceo: string;
    businessNumber: string;
    mailOrderNumber: string;
    address: string;
    email: string;
    phone: string;
  };
  social: SocialLink[];
  channelTalkPluginKey: string | undefined;
  tracking: { ga4: string | undefined; metaPixel: string | undefined; kakaoPixel: string | undefined };
  maintenance: boolean;
  /** Where guest-only pages send a signed-in member. */
  memberHome: string;
  /** The social sign-in providers that are configured, in the order the buttons show. */
  socialLogin: SocialProvider[];
}

export function siteSettings(env: Env): SiteSettings {
  const social: Array<[string, string | undefined]> = [
    ['인스타그램', env.SOCIAL_INSTAGRAM_URL],
    ['유튜브', env.SOCIAL_YOUTUBE_URL],
    ['블로그', env.SOCIAL_BLOG_URL],
    ['카카오톡 채널', env.SOCIAL_KAKAO_CHANNEL_URL],
  ];
  return {
    businessInquiryUrl: env.BUSINESS_INQUIRY_URL,
    newsletterUrl: env.NEWSLETTER_URL,
    company: {
      name: env.COMPANY_NAME,
      ceo: env.COMPANY_CEO,
      businessNumber: env.COMPANY_BUSINESS_NUMBER,
      mailOrderNumber: env.COMPANY_MAIL_ORDER_NUMBER,
      address: env.COMPANY_ADDRESS,
      email: env.COMPANY_EMAIL,
      phone: env.COMPANY_PHONE,
    },
    social: social.flatMap(([label, url]) => (url ? [{ label, url }] : [])),
    channelTalkPluginKey: env.CHANNEL_TALK_PLUGIN_KEY,
    tracking: { ga4: env.GA4_MEASUREMENT_ID, metaPixel: env.META_PIXEL_ID, kakaoPixel: env.KAKAO_PIXEL_ID },
    maintenance: env.MAINTENANCE_MODE,
    memberHome: env.MEMBER_HOME_PATH,
    socialLogin: Object.keys(socialSettingsFromEnv(env)) as SocialProvider[],
  };
}

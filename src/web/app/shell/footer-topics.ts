// The footer's About, Terms and Privacy Policy buttons; their text and modal load when one is opened.
export type FooterTopic = 'about' | 'terms' | 'privacy';

export const FOOTER_TOPIC_TITLES: Record<FooterTopic, string> = {
  about: 'About',
  terms: 'Terms',
  privacy: 'Privacy Policy',
};

export const FOOTER_TOPIC_KEYS = Object.keys(FOOTER_TOPIC_TITLES) as FooterTopic[];

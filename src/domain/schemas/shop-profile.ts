// The shop's public face (Settings → Shop profile): its name, the words on the home page, and where customers can
// reach it. Contact buttons and icons show only what the owner has set; nothing points at anyone else's account.
import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { optionalText, requiredText } from './fields';
import { whatsappField } from './phone-fields';

export const TAGLINE_MAX = 120;
export const DESCRIPTION_MAX = 400;

/** "@handle", "instagram.com/handle" or the full address, as the owner copies it, becomes the full address. */
function socialAddress(host: 'instagram.com' | 'facebook.com', value: string): string {
  const v = value.trim();
  if (v === '') return '';
  const handle = /^@?([A-Za-z0-9._]{1,60})$/.exec(v);
  if (handle && !v.includes('.com')) return `https://www.${host}/${handle[1]}`;
  const bare = v.replace(/^https?:\/\//i, '').replace(/^(www\.|m\.)/i, '');
  return `https://www.${bare}`;
}

function socialField(host: 'instagram.com' | 'facebook.com', label: string) {
  const pattern = host === 'instagram.com'
    ? /^https:\/\/www\.instagram\.com\/[A-Za-z0-9._]{1,60}\/?$/
    : /^https:\/\/www\.facebook\.com\/[A-Za-z0-9.\-_/?=&]{1,120}$/;
  return z
    .string()
    .trim()
    .max(200, { error: `${label}: at most 200 characters` })
    .overwrite((v) => socialAddress(host, v))
    .refine((v) => v === '' || pattern.test(v), { error: `${label}: the page's address, e.g. https://www.${host}/yourshop` });
}

export const shopProfileSchema = z.strictObject({
  shopName: requiredText('Shop name is required', NAME_MAX, 'Shop name'),
  tagline: optionalText(TAGLINE_MAX, 'Tagline').default(''),
  description: optionalText(DESCRIPTION_MAX, 'About the shop').default(''),
  /** An Indian mobile number on WhatsApp, stored as its 10 digits; '' hides the WhatsApp button. */
  whatsappNumber: whatsappField.default(''),
  instagramUrl: socialField('instagram.com', 'Instagram').default(''),
  facebookUrl: socialField('facebook.com', 'Facebook').default(''),
});
export type ShopProfile = z.infer<typeof shopProfileSchema>;
export type ShopProfileInput = z.input<typeof shopProfileSchema>;

/** The links the contact button and the footer show; null for each the owner has not set. */
export interface ContactLinks {
  whatsappUrl: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
}

export function contactLinks(profile: Pick<ShopProfile, 'whatsappNumber' | 'instagramUrl' | 'facebookUrl'> | null | undefined): ContactLinks {
  return {
    whatsappUrl: profile?.whatsappNumber ? `https://wa.me/91${profile.whatsappNumber}` : null,
    instagramUrl: profile?.instagramUrl || null,
    facebookUrl: profile?.facebookUrl || null,
  };
}

/** What the owner has not set yet, in the words of the settings form (the business banner lists them). */
export function missingProfileFields(profile: ShopProfile): string[] {
  const missing: string[] = [];
  if (!profile.whatsappNumber) missing.push('WhatsApp number');
  if (!profile.instagramUrl) missing.push('Instagram address');
  if (!profile.facebookUrl) missing.push('Facebook address');
  return missing;
}

// One palette for every picture the shop draws, so product shots and home-page scenes read as a
// single brand: deep amber, ghee gold, warm cream and a leaf-green accent.
import type { LabelHue } from '../../src/server/seed/bottle-art-spec';

export type { LabelHue };

export const PALETTE = {
  amberDeep: '#8a4b08',
  amber: '#b8680f',
  ink: '#4a2604',
  gold: '#e0a526',
  goldLight: '#f7d27a',
  goldPale: '#fbe7b0',
  ghee: '#f1b93a',
  gheeDeep: '#cf8a14',
  cream: '#fff7e6',
  creamDeep: '#f4e2bf',
  sand: '#e9cf9f',
  leaf: '#4f7d2a',
  leafLight: '#7fa84a',
  leafDark: '#2f5518',
  wood: '#a8703c',
  woodLight: '#c99258',
  woodDark: '#6e4220',
  brass: '#c8922e',
  clay: '#b5592c',
  clayDark: '#7d3517',
} as const;

/** Label colour families offered to product editors. */

export interface LabelTheme {
  /** Label paper, top and bottom of its vertical gradient. */
  paperTop: string;
  paperBottom: string;
  /** Main text colour (title, size). */
  ink: string;
  /** Secondary text and fine rules. */
  muted: string;
  /** Frame and ornaments. */
  accent: string;
  /** Size badge fill and its text colour, chosen for contrast at thumbnail size. */
  badge: string;
  badgeInk: string;
}

export const LABEL_THEMES: Record<LabelHue, LabelTheme> = {
  gold: {
    paperTop: '#f9d77e',
    paperBottom: '#e7ac35',
    ink: '#4a2604',
    muted: '#7a4308',
    accent: '#8a4b08',
    badge: '#6e3604',
    badgeInk: '#fff3d6',
  },
  amber: {
    paperTop: '#9c560d',
    paperBottom: '#6a3303',
    ink: '#fff1cf',
    muted: '#f6d48a',
    accent: '#e9b34a',
    badge: '#f3c25a',
    badgeInk: '#4a2604',
  },
  green: {
    paperTop: '#4f7d2a',
    paperBottom: '#2f5518',
    ink: '#fff6df',
    muted: '#e4eec9',
    accent: '#e8bf57',
    badge: '#f3c25a',
    badgeInk: '#2a3f10',
  },
  cream: {
    paperTop: '#fffaf0',
    paperBottom: '#f2e0bb',
    ink: '#6a3504',
    muted: '#4f7d2a',
    accent: '#b8680f',
    badge: '#8a4b08',
    badgeInk: '#fff7e6',
  },
};

/** Generic font stacks that librsvg resolves on any machine with DejaVu installed. */
export const FONT_SERIF = "'DejaVu Serif', 'Liberation Serif', serif";
export const FONT_SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";

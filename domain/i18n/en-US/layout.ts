import type { Catalogue } from '../catalogue-type';
import type { layout as zh } from '../zh-CN/layout';

/** Headers, footer and the user menu. */
export const layout: Catalogue<typeof zh> = {
  personalCenter: 'Personal centre',
  logout: 'Sign out',
  language: 'Language',
  uiVersion: { toNostalgia: 'Switch to classic', toNew: 'Switch to new' },
  navigation: 'Main navigation',
  home: 'Work table',
  userMenu: 'User menu',
  uiVersionLabel: 'Interface',
  classicBadge: 'Classic',
  footer: {
    agreement: 'Agreement',
    disclaimer: 'Disclaimer',
    privacy: 'Privacy',
    company: 'Company',
    contact: 'Contact',
    copyright: '© {{year}} R&D Platform',
  },
};

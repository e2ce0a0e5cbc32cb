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
  products: 'Products',
  moreProducts: 'More',
  helpDocs: 'Help documents',
  appDownloads: 'App downloads',
  apps: {
    cims: 'Chemical Inventory',
    edm: 'Electronic Lab Notebook',
    pm: 'Project Management',
    mm: 'Material Management',
    im: 'Instrument Management',
    draw: 'Chemical drawing tool',
  },
  tour: {
    personalCenter: 'Your profile, password, login log and electronic signature are in the Personal centre.',
    close: 'Got it',
  },
  footer: {
    agreement: 'Agreement',
    disclaimer: 'Disclaimer',
    privacy: 'Privacy',
    company: 'Company',
    contact: 'Contact',
    copyright: '© {{year}} R&D Platform',
  },
};

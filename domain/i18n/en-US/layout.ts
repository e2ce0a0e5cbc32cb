import type { Catalogue } from '../catalogue-type';
import type { layout as zh } from '../zh-CN/layout';

/** Headers, footer and the user menu. */
export const layout: Catalogue<typeof zh> = {
  /** The user menu's one way into the organisation's administration (issue 23). */
  administration: 'Administration',
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
  appPages: {
    titles: { app: 'Mobile apps', introCims: 'About Chemical Inventory', introEdm: 'About the Lab Notebook' },
    scan: 'Scan to download',
    scanHint: 'Scan the QR code with your phone, or open the link below',
    openLink: 'Open the download link',
    noLink: 'No download link is set yet; please ask your administrator',
    failed: 'The page could not be loaded',
    pages: 'Apps and products',
    signIn: 'Sign in',
  },
  helpDoc: {
    title: '{{product}} help',
    missingTitle: 'No help document yet',
    missing:
      'This help document for {{product}} is not available yet. Please come back later or ask your administrator.',
    forbidden: 'You are not authorised for this product, so its help documents are not available to you.',
    failed: 'The help document could not be loaded',
    others: 'Help for my products',
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

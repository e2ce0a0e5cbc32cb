import type { Catalogue } from '../catalogue-type';
import type { documents as zh } from '../zh-CN/documents';

/** The public documents: user agreement, privacy policy and the other pages reachable without signing in. */
export const documents: Catalogue<typeof zh> = {
  titles: {
    agreement: 'Terms of Service',
    privacy: 'Privacy Policy',
    disclaimer: 'Disclaimer',
    sdk: 'Third-party SDK list',
    appPermissions: 'App permission list',
    company: 'About us',
    contact: 'Contact us',
  },
  back: 'Back',
  backToLogin: 'Back to sign-in',
  loading: 'Loading…',
  failed: 'The document could not be loaded',
  retry: 'Try again',
  updatedAt: 'Updated {{date}}',
  more: 'Other documents',
};

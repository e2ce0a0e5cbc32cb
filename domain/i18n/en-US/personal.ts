import type { Catalogue } from '../catalogue-type';
import type { personal as zh, personalErrors as zhErrors } from '../zh-CN/personal';

/** Personal info (/person): photo, name, industry area, mobile and email. */
export const personal: Catalogue<typeof zh> = {
  title: 'Personal info',
  photo: 'Photo',
  uploadPhoto: 'Upload photo',
  photoHint: 'jpg or png, at most {{max}}',
  photoSaved: 'Photo updated',
  realName: 'Name',
  realNamePlaceholder: 'Your name',
  industryArea: 'Industry area',
  industryPlaceholder: 'Choose an industry area',
  mobile: 'Mobile',
  email: 'Email',
  notSet: 'Not set',
  save: 'Save',
  saved: 'Saved',
  change: 'Change',
  bind: 'Add',
  changeMobile: 'Change mobile number',
  changeEmail: 'Change email',
  newMobile: 'New mobile number',
  newMobilePlaceholder: 'The new mobile number',
  newEmail: 'New email',
  newEmailPlaceholder: 'The new email address',
  code: 'Verification code',
  codePlaceholder: 'The 6-digit code',
  sendCode: 'Send code',
  resendIn: 'Resend in {{seconds}} s',
  codeSent: 'A code was sent to {{address}}',
  cancel: 'Cancel',
  confirm: 'Confirm',
  mobileChanged: 'Mobile number changed',
  emailChanged: 'Email changed',
  proveTitle: "Confirm it's you",
  provePasswordHint:
    "Before you change the mobile number or email you sign in with, enter your current password to confirm it's you.",
  proveCodeHint:
    "Before you change the mobile number or email you sign in with, confirm it's you with a code sent to your current mobile number or email.",
  currentPassword: 'Current password',
  currentPasswordPlaceholder: 'Your current password',
  sendTo: 'Send the code to',
  next: 'Next',
  noProofAddress:
    'This account has no mobile number or email that can receive a code: please ask your administrator to change it.',
  proofMail: {
    subject: 'Lab Account Centre: confirm it is you changing your sign-in address',
    body: "Someone is changing the mobile number or email your Lab Account Centre account signs in with. The code that confirms it's you is {{code}}. It is valid for {{minutes}} minutes. If this is not you, give the code to no one and contact your organisation administrator at once.",
  },
  notice: {
    subject: 'Lab Account Centre: the {{what}} you sign in with was changed',
    body: 'The {{what}} your Lab Account Centre account signs in with was changed at {{time}} from the network address {{ip}}. If you did not make this change, contact your organisation administrator at once: someone else may be using your account.',
    mobile: 'mobile number',
    email: 'email',
  },
  mail: {
    subject: 'Lab Account Centre: code for your new address',
    body: 'Your code to link this address to your Lab Account Centre account is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this mail.',
  },
  loadFailed: 'Personal info could not be loaded',
  industries: {
    pharmaceutical: 'Pharmaceuticals',
    biotechnology: 'Biotechnology',
    chemicals: 'Chemicals',
    materials: 'Materials',
    food: 'Food',
    environment: 'Environmental testing',
    medicalDevices: 'Medical devices',
    energy: 'Energy',
    academic: 'Universities and institutes',
    other: 'Other',
  },
};

/** Errors of personal info (errors.personal.*). */
export const personalErrors: Catalogue<typeof zhErrors> = {
  nameRequired: 'Please enter your name',
  nameTooLong: "The name can't exceed 50 letters",
  industryUnknown: 'Please choose an industry area from the list',
  addressRequired: 'Please enter the new mobile number or email',
  mobileFormat: 'Wrong mobile number',
  emailFormat: 'Wrong Email',
  sameAddress: 'This is the address you already have',
  mobileTaken: 'This mobile number is used by another account',
  emailTaken: 'This email is used by another account',
  photoMissing: 'Please choose a picture',
  photoFormat: 'Wrong file format, upload {{types}} files',
  photoTooLarge: "File size can't exceed {{max}}",
  passwordRequired: 'Please enter your current password',
  proofRequired:
    "Please confirm it's you first: the confirmation has expired, was used or belongs to another sign-in",
  proofByPassword: "Please confirm it's you with your current password",
  proofByCode:
    "This account has no password: please confirm it's you with a code sent to your current mobile number or email",
  proofAddressMissing: 'This account has no such address to send a code to',
};

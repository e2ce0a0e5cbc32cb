import type { Catalogue } from '../catalogue-type';
import type { watermark as zh, watermarkErrors as zhErrors } from '../zh-CN/watermark';

/** The watermark screen and overlay (SPEC §3 Watermark). */
export const watermark: Catalogue<typeof zh> = {
  title: 'Watermark',
  enabled: 'Watermark on',
  content: 'Content',
  text: 'Custom text',
  textPlaceholder: 'Optional, at most 50 characters',
  contents: {
    name: 'Name',
    email: 'Email',
    account: 'Account',
    mobileLast4: 'Last four digits of mobile',
    organization: 'Organisation',
    time: 'Time',
    logo: 'Logo',
  },
  wrap: 'Wrap',
  image: 'Picture',
  imageHint: 'jpg or png, at most 50KB',
  upload: 'Upload picture',
  removeImage: 'Remove picture',
  density: 'Density',
  densities: { sparse: 'Sparse', standard: 'Standard', dense: 'Dense' },
  size: 'Size',
  depth: 'Depth',
  displayType: 'Display',
  displayTypes: { centered: 'Centered', tile: 'Tile' },
  products: 'Application scope',
  productsHint: 'None chosen: every product',
  preview: 'Preview',
  save: 'Save',
  saved: 'Watermark settings saved',
  switchedOn: 'Watermark switched on',
  switchedOff: 'Watermark switched off',
};

/** Errors of the watermark endpoints. */
export const watermarkErrors: Catalogue<typeof zhErrors> = {
  imageType: 'Wrong file format, upload {{types}} files',
  imageTooLarge: "File size can't exceed {{max}}",
  textTooLong: "Watermark text can't exceed 50 letters",
  size: 'Size must be from 12 to 48',
  depth: 'Depth must be from 5 to 60',
  notFound: 'The organisation does not exist',
};

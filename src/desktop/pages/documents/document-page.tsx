import { PublicDocument } from '../../../pages/documents/public-document';
import './document-page.css';

/** A public document on desktop: the other documents beside the text, the product's name in the bar. */
export const DocumentPage = () => <PublicDocument shell="desktop" />;

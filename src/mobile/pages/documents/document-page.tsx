import { PublicDocument } from '../../../pages/documents/public-document';
import './document-page.css';

/** A public document on a phone: the other documents below the text. */
export const DocumentPage = () => <PublicDocument shell="phone" />;

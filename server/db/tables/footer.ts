/** The footer's filing information and links as the operator set them (migration 0046; one row, id 1). */
export interface FooterSettingsTable {
  id: number;
  filing_text: string | null;
  filing_url: string | null;
  /** JSON array of { label, url }. */
  links: string;
  updated_at: number;
}

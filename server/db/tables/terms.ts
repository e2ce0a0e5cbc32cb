/** The terms an account last agreed to at sign-in (0045-terms-agreements). */
export interface TermsAgreementsTable {
  account_id: number;
  org_id: number;
  /** The version of the agreement and privacy documents agreed to (see services/terms-service.ts). */
  terms_version: string;
  /** App-clock ms of that sign-in. */
  agreed_at: number;
}

/** The terms an account last agreed to at sign-in (0045-terms-agreements). */
export interface TermsAgreementsTable {
  account_id: number;
  org_id: number;
  /** The version of the agreement and privacy documents agreed to (see services/terms-service.ts). */
  terms_version: string;
  /** App-clock ms of the sign-in that first agreed to this version (a sign-in agreeing again rewrites nothing). */
  agreed_at: number;
}

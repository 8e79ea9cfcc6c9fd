/** The migrated database `servicesSetup.ts` creates once and every PostgreSQL fixture clones. */
export const TEMPLATE_DATABASE = 'wren_template';

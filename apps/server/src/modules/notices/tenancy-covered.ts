/**
 * The notices calls whose ids `tenancy.test.ts` in this folder tries with another hold's user's ids,
 * so the project-wide tenancy test counts them as covered.
 */
export const NOTICES_TENANCY_PATHS: string[] = ['Notice/MarkRead'];

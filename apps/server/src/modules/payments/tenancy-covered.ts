/**
 * The payments calls whose ids `tenancy.test.ts` in this folder tries with a sibling hold's ids, so the
 * project-wide tenancy test counts them as covered.
 */
export const PAYMENTS_TENANCY_PATHS: string[] = [
  'Payment/GetOrder',
  'Payment/CloseOrder',
  'Payment/SandboxPay',
  'Payment/GetPayOrderList',
  'Payment/ExportPayOrderList',
];

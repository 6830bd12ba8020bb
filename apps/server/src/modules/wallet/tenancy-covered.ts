/**
 * The wallet and VIP calls whose ids `wallet/tenancy.test.ts` tries with a sibling hold's ids (HoldID,
 * DeviceIDs refused; the lists' OrderNo and DeviceID filters find nothing of B's), so the project-wide
 * tenancy test counts them as covered.
 */
export const WALLET_TENANCY_PATHS: string[] = [
  'Wallet/Gift',
  'Vip/GetPrices',
  'Vip/SetPrices',
  'Vip/Quote',
  'Vip/Upgrade',
  'Vip/GetDeviceList',
];
export const WALLET_FILTER_PATHS: string[] = ['Wallet/GetDetailList', 'Wallet/ExportDetailList', 'Vip/GetUpgradeList'];

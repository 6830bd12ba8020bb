/** The notice and branding calls that take another row's id, tried in ./routes.test.ts and ./branding.test.ts. */
export const BULLETINS_TENANCY_PATHS: string[] = [
  'Notice/AddNotice',
  'Notice/ModifyNotice',
  'Notice/RemoveNotice',
  'Notice/GetBulletinList',
  'Notice/MarkCurrentRead',
  'User/GetBranding',
  'User/SetBranding',
];

/**
 * The device calls whose ids info.test.ts tries with another hold's (a multipart upload and a file, which the
 * project-wide tenancy test's JSON attempts cannot send). It counts them as covered.
 */
export const DEVICES_TENANCY_PATHS: string[] = ['Device/UploadPhoto', 'Device/GetPhoto'];

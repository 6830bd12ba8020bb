/** Photo calls whose other-hold ids modules/photos/routes.test.ts tries (PhotoID, DeviceID, HoldID). */
export const PHOTOS_TENANCY_PATHS: string[] = ['Photo/TakePhoto', 'Photo/GetPhotoList', 'Photo/GetPhoto'];

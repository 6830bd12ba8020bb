import type { MessageCatalogue } from '../../lib/messages.ts';

/** The vehicles module's server messages (registered with lib/messages.ts's catalogue by the module). */
export const VEHICLES_MESSAGES = {
  // The VIN checks of packages/domain/src/identity.ts, by their reason keys.
  vehicleVinLength: { zh: '车架号须为17位', en: 'A VIN has 17 characters', fr: 'Un VIN comporte 17 caractères' },
  vehicleVinCharacters: {
    zh: '车架号只含数字和字母（不含I、O、Q）',
    en: 'A VIN holds digits and letters other than I, O and Q',
    fr: 'Un VIN ne contient que des chiffres et des lettres autres que I, O et Q',
  },
  vehicleVinCheckDigit: {
    zh: '车架号校验位（第9位）错误',
    en: 'The VIN check digit (9th character) is wrong',
    fr: 'Le chiffre de contrôle du VIN (9e caractère) est erroné',
  },
  vehicleVinExists: {
    zh: '该车架号已登记',
    en: 'This VIN is already registered',
    fr: 'Ce VIN est déjà enregistré',
  },
  vehicleVinExistsIn: {
    zh: '该车架号已登记在单位',
    en: 'This VIN is already registered in the unit',
    fr: 'Ce VIN est déjà enregistré dans l’unité',
  },
  vehiclePointIncomplete: {
    zh: '坐标须同时给出纬度和经度',
    en: 'A point needs both its latitude and longitude',
    fr: 'Un point demande sa latitude et sa longitude',
  },
  /** BindDevices without Force: where each device is now follows. */
  vehicleDeviceBoundElsewhere: {
    zh: '设备已绑定在其他对象上，确认后将改绑到本车',
    en: 'Devices are on another object; confirm to move them to this vehicle',
    fr: 'Des appareils sont sur un autre objet ; confirmez pour les déplacer vers ce véhicule',
  },
  vehicleBoundToVehicle: { zh: '车辆', en: 'vehicle', fr: 'véhicule' },
  vehicleBoundToOtherVehicle: {
    zh: '其他单位的车辆',
    en: "another unit's vehicle",
    fr: 'un véhicule d’une autre unité',
  },
  vehicleBoundToPerson: { zh: '人员', en: 'person', fr: 'personne' },
  vehicleBoundToAsset: { zh: '物品', en: 'asset', fr: 'bien' },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof VEHICLES_MESSAGES, true> {}
}

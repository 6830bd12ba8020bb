import type { MessageCatalogue } from '../../lib/messages.ts';

/** The devices module's server messages (registered with lib/messages.ts's catalogue by the module). */
export const DEVICES_MESSAGES = {
  /** Spec section 8: "unsupported protocol". */
  unsupportedProtocol: {
    zh: '该设备协议不支持此指令',
    en: "Unsupported protocol: this device's protocol has no such command",
    fr: "Protocole non pris en charge : le protocole de l'appareil n'a pas cette commande",
  },
  deviceActivated: {
    zh: '设备已激活',
    en: 'This device is already activated',
    fr: 'Cet appareil est déjà activé',
  },
  /** Spec section 8: "no vehicle information". */
  noVehicle: {
    zh: '没有车辆信息',
    en: 'No vehicle information',
    fr: 'Aucune information sur le véhicule',
  },
  unknownDevicesSuperAdmin: {
    zh: '仅超级管理员可查看未注册设备',
    en: 'Only the super administrator sees unregistered devices',
    fr: 'Seul le super administrateur voit les appareils non enregistrés',
  },
  devicesFromProvider: {
    zh: '个人用户的设备由服务商登记，请联系服务商',
    en: "A customer's devices are registered by its provider: ask your provider",
    fr: 'Les appareils d’un client sont enregistrés par son fournisseur : adressez-vous à lui',
  },
  /** Device IDs are unique system-wide; the unit is named only to a caller who may see it. */
  deviceExistsInUnit: {
    zh: '该设备号已登记在单位',
    en: 'This device ID is already registered in the unit',
    fr: 'Cet identifiant d’appareil est déjà enregistré dans l’unité',
  },
  personIdCardLength: {
    zh: '身份证号应为18位（17位数字加校验位）',
    en: 'An ID card number has 18 characters: 17 digits and a check character',
    fr: 'Un numéro de carte d’identité compte 18 caractères : 17 chiffres et un caractère de contrôle',
  },
  personIdCardBirthDate: {
    zh: '身份证号中的出生日期无效',
    en: 'The birth date in the ID card number is not a valid date',
    fr: 'La date de naissance du numéro de carte d’identité n’est pas valide',
  },
  personIdCardCheckDigit: {
    zh: '身份证号校验位错误',
    en: 'The ID card number’s check character is wrong',
    fr: 'Le caractère de contrôle du numéro de carte d’identité est faux',
  },
  photoPersonOnly: {
    zh: '只有人员设备可以上传照片',
    en: 'Only a person device has a photo',
    fr: 'Seul un appareil de personne a une photo',
  },
  photoFormat: {
    zh: '照片须为JPG或PNG格式',
    en: 'The photo must be a JPG or PNG',
    fr: 'La photo doit être un JPG ou un PNG',
  },
  photoTooLarge: {
    zh: '照片过大，上限(MB)',
    en: 'The photo is too large, limit (MB)',
    fr: 'La photo est trop grande, limite (Mo)',
  },
  noPhoto: { zh: '没有照片', en: 'No photo', fr: 'Pas de photo' },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof DEVICES_MESSAGES, true> {}
}

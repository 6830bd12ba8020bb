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
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof DEVICES_MESSAGES, true> {}
}

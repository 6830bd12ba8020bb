import type { MessageCatalogue } from '../../lib/messages.ts';

/** Installers' and install tasks' messages (docs/install-flow.md), registered by the module. */
export const INSTALL_MESSAGES = {
  installerInactive: {
    zh: '该安装师傅已停用，不能派单',
    en: 'This installer is inactive and cannot be assigned',
    fr: 'Cet installateur est inactif et ne peut pas être affecté',
  },
  taskMoveRefused: {
    zh: '工单当前状态不允许此操作',
    en: 'The task cannot make this move from its current status',
    fr: 'La tâche ne peut pas faire ce changement depuis son statut actuel',
  },
  taskMoveNotYours: {
    zh: '您无权对该工单执行此操作',
    en: 'You may not make this move on this task',
    fr: 'Vous ne pouvez pas faire ce changement sur cette tâche',
  },
  taskRemarkRequired: {
    zh: '请填写原因',
    en: 'A reason is required',
    fr: 'Un motif est requis',
  },
  taskAssignFirst: {
    zh: '请先指派安装师傅',
    en: 'Assign an installer first',
    fr: 'Affectez d’abord un installateur',
  },
  taskNoOnlineDevice: {
    zh: '至少需要一台设备在开工后上线定位',
    en: 'At least one device must report a valid fix after work started',
    fr: 'Au moins un appareil doit envoyer une position valide après le début des travaux',
  },
  taskNoPhoto: {
    zh: '至少需要上传一张安装照片',
    en: 'At least one install photo is required',
    fr: 'Au moins une photo d’installation est requise',
  },
  taskCompletedLocked: {
    zh: '已完成的工单需“审核后编辑”权限才能修改',
    en: 'A completed task can be edited only with “Edit after audit”',
    fr: 'Une tâche terminée ne se modifie qu’avec « Modifier après audit »',
  },
  taskClosed: {
    zh: '工单已取消',
    en: 'The task is cancelled',
    fr: 'La tâche est annulée',
  },
  taskInstallNotEditable: {
    zh: '只有施工中的工单可以修改安装信息和照片',
    en: 'Install infos and photos can be changed only while the task is being worked on',
    fr: 'Les infos et photos d’installation ne se modifient que pendant les travaux',
  },
  taskInstallerUnknown: {
    zh: '您的单位中没有使用此手机号的安装师傅',
    en: 'No installer of your units has this phone',
    fr: 'Aucun installateur de vos unités n’a ce téléphone',
  },
  taskOrderNoExists: {
    zh: '工单号已存在',
    en: 'This order number already exists',
    fr: 'Ce numéro d’ordre existe déjà',
  },
  taskVinElsewhere: {
    zh: '该车架号的车辆属于其他单位',
    en: 'The vehicle with this VIN belongs to another unit',
    fr: 'Le véhicule de ce VIN appartient à une autre unité',
  },
  taskNoDevices: {
    zh: '工单没有安装设备',
    en: 'The task has no installed device',
    fr: 'La tâche n’a aucun appareil installé',
  },
  installPhotoNotJpeg: {
    zh: '只能上传JPG图片',
    en: 'Only JPG images are accepted',
    fr: 'Seules les images JPG sont acceptées',
  },
  installPhotoTooLarge: {
    zh: '图片须小于5MB',
    en: 'An image must be under 5 MB',
    fr: 'Une image doit faire moins de 5 Mo',
  },
  installPhotoTooManyTask: {
    zh: '每个工单最多9张照片',
    en: 'A task has at most 9 photos',
    fr: 'Une tâche a au plus 9 photos',
  },
  installPhotoTooManyPosition: {
    zh: '每台设备的每个位置最多4张照片',
    en: 'One device position has at most 4 photos',
    fr: 'Un emplacement d’appareil a au plus 4 photos',
  },
  installThumbInvalid: {
    zh: '缩略图须为小于256KB的JPG',
    en: 'A thumbnail must be a JPG under 256 KB',
    fr: 'Une miniature doit être un JPG de moins de 256 Ko',
  },
  installFileRequired: {
    zh: '请选择文件',
    en: 'A file is required',
    fr: 'Un fichier est requis',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof INSTALL_MESSAGES, true> {}
}

import type { MessageCatalogue } from '../../lib/messages.ts';

/** The info imports' messages: refusals of a whole import, and the reasons of row errors. */
export const IMPORT_MESSAGES = {
  impNoSource: {
    zh: '请上传文件或提供数据行（二选一）',
    en: 'Give either an uploaded file (FileID) or Rows, one of the two',
    fr: 'Donnez soit un fichier téléversé (FileID), soit des lignes (Rows)',
  },
  impEmpty: { zh: '文件中没有数据行', en: 'The file has no data rows', fr: 'Le fichier ne contient aucune ligne' },
  impNoColumn: {
    zh: '文件缺少必需的列',
    en: 'The sheet lacks a required column',
    fr: 'Il manque une colonne obligatoire dans la feuille',
  },
  impConflict: {
    zh: '导入期间数据已被他人修改，请重新导入',
    en: 'Someone changed these records while importing: import again',
    fr: 'Quelqu’un a modifié ces données pendant l’import : recommencez',
  },
  impRequired: { zh: '必填', en: 'Required', fr: 'Obligatoire' },
  impTooLong: { zh: '超出最大长度', en: 'Too long, at most', fr: 'Trop long, au plus' },
  impLossy: {
    zh: 'Excel 已丢失该数字的位数，请将该列设为"文本"格式',
    en: 'Excel lost digits of this number: format the column as Text',
    fr: 'Excel a perdu des chiffres de ce nombre : formatez la colonne en Texte',
  },
  impRepeated: {
    zh: '与文件中前面的行重复，行号',
    en: 'Repeats an earlier row of the file, row',
    fr: 'Répète une ligne précédente du fichier, ligne',
  },
  impUnknownProtocol: { zh: '未知的协议', en: 'Unknown protocol', fr: 'Protocole inconnu' },
  impDeviceIdForm: {
    zh: '设备号须为4–32位字母或数字',
    en: 'A device ID is 4 to 32 letters or digits',
    fr: 'Un ID d’appareil compte 4 à 32 lettres ou chiffres',
  },
  impDeviceExists: { zh: '设备号已注册', en: 'Device ID already registered', fr: 'ID d’appareil déjà enregistré' },
  impDeviceExistsIn: {
    zh: '设备号已注册，所属单位',
    en: 'Device ID already registered, in unit',
    fr: 'ID d’appareil déjà enregistré, dans l’unité',
  },
  impTrackerType: {
    zh: '定位器类型须为 有线 或 无线',
    en: 'Tracker type is wired or wireless',
    fr: 'Le type de traceur est filaire ou sans fil',
  },
  impTimeZone: { zh: '未知的时区', en: 'Unknown time zone', fr: 'Fuseau horaire inconnu' },
  impObjectType: {
    zh: '对象类型须为 车辆、人员 或 资产',
    en: 'Object type is vehicle, person or asset',
    fr: 'Le type d’objet est véhicule, personne ou bien',
  },
  impNotForObject: {
    zh: '该对象类型没有此字段，请留空',
    en: 'Not a field of this object type: leave it empty',
    fr: 'Pas un champ de ce type d’objet : laissez-le vide',
  },
  impAge: {
    zh: '年龄须为0–150的整数',
    en: 'Age is a whole number from 0 to 150',
    fr: 'L’âge est un entier de 0 à 150',
  },
  impSex: { zh: '性别须为 男 或 女', en: 'Sex is male or female', fr: 'Le sexe est homme ou femme' },
  impMeasure: {
    zh: '须为0–100000的数字',
    en: 'A number from 0 to 100,000',
    fr: 'Un nombre de 0 à 100 000',
  },
  impIdCardLength: {
    zh: '身份证号须为17位数字加1位校验码',
    en: 'An ID card number is 17 digits and a check character',
    fr: 'Un numéro de carte d’identité compte 17 chiffres et une clé',
  },
  impIdCardBirthDate: {
    zh: '身份证号中的出生日期无效',
    en: 'The birth date in the ID card number does not exist',
    fr: 'La date de naissance du numéro de carte d’identité n’existe pas',
  },
  impIdCardCheckDigit: {
    zh: '身份证号校验码错误',
    en: 'Wrong check character in the ID card number',
    fr: 'Clé erronée dans le numéro de carte d’identité',
  },
  impVinLength: { zh: '车架号须为17位', en: 'A VIN is 17 characters', fr: 'Un VIN compte 17 caractères' },
  impVinCharacters: {
    zh: '车架号只含数字和字母（不含 I、O、Q）',
    en: 'A VIN has digits and letters other than I, O and Q',
    fr: 'Un VIN ne contient que des chiffres et des lettres autres que I, O et Q',
  },
  impVinCheckDigit: {
    zh: '车架号第9位校验码错误',
    en: 'Wrong check digit (position 9) in the VIN',
    fr: 'Clé de contrôle (9e position) du VIN erronée',
  },
  impVinExists: {
    zh: '车架号已属于另一辆车',
    en: 'This VIN is already another vehicle’s',
    fr: 'Ce VIN est déjà celui d’un autre véhicule',
  },
  impPlateExists: {
    zh: '您的单位中已有此车牌号',
    en: 'A vehicle of your units already has this plate',
    fr: 'Un véhicule de vos unités porte déjà cette immatriculation',
  },
  impInstallTime: {
    zh: '时间格式须为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss（1970–2100年）',
    en: 'A time is YYYY-MM-DD or YYYY-MM-DD HH:mm:ss (years 1970–2100)',
    fr: 'Une date est AAAA-MM-JJ ou AAAA-MM-JJ HH:mm:ss (années 1970 à 2100)',
  },
  impCost: {
    zh: '费用须为元，最多两位小数',
    en: 'Cost is in yuan, at most 2 decimals',
    fr: 'Le coût est en yuans, au plus 2 décimales',
  },
  impDeviceUnknown: {
    zh: '您的单位中没有此设备',
    en: 'No such device in your units',
    fr: 'Aucun appareil de ce nom dans vos unités',
  },
  impDeviceOnVehicle: {
    zh: '设备已绑定其他车辆',
    en: 'The device is on another vehicle',
    fr: 'L’appareil est sur un autre véhicule',
  },
  impDeviceOnObject: {
    zh: '设备已用于人员或资产',
    en: 'The device is on a person or asset',
    fr: 'L’appareil est sur une personne ou un bien',
  },
  impTooManyDevices: {
    zh: '绑定设备过多，最多',
    en: 'Too many devices for one vehicle, at most',
    fr: 'Trop d’appareils pour un véhicule, au plus',
  },
  impDeviceTwice: {
    zh: '该设备已在文件中前面的行绑定，行号',
    en: 'The device is bound by an earlier row of the file, row',
    fr: 'L’appareil est lié par une ligne précédente du fichier, ligne',
  },
} as const satisfies MessageCatalogue;

export type ImportMessageKey = keyof typeof IMPORT_MESSAGES;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof IMPORT_MESSAGES, true> {}
}

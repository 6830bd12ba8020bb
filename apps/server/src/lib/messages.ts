import { type Language, LIMITS } from '@lodestar/domain';

/** A module's messages: every key in zh, en and fr (the `satisfies` is the check). */
export type MessageCatalogue = Record<string, Record<Language, string>>;

/**
 * The keys modules register, declared by each module's messages.ts so `MessageKey` knows them
 * without lib importing a module:
 * `declare module '../../lib/messages.ts' { interface ModuleMessageKeys extends Record<keyof typeof X, true> {} }`
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules
export interface ModuleMessageKeys {}

/** Server messages, shown by the console as they come (spec section 8: "show msg"). */
const CORE_MESSAGES = {
  ok: { zh: '成功', en: 'Success', fr: 'Succès' },
  notFound: { zh: '数据不存在', en: 'Not found', fr: 'Introuvable' },
  noFunction: {
    zh: '没有此功能的权限',
    en: 'You do not have access to this function',
    fr: "Vous n'avez pas accès à cette fonction",
  },
  outsideHold: {
    zh: '无权访问其他单位的数据',
    en: "You cannot access another organisation's data",
    fr: "Vous ne pouvez pas accéder aux données d'une autre organisation",
  },
  loginAgain: { zh: '请重新登录', en: 'Please log in again', fr: 'Veuillez vous reconnecter' },
  tokenExpired: {
    zh: '登录已过期，请重新登录',
    en: 'Your session has expired, please log in again',
    fr: 'Votre session a expiré, veuillez vous reconnecter',
  },
  // Log-out, a password change, or an administrator changing the account's functions or unit.
  tokenRevoked: {
    zh: '登录已失效，请重新登录',
    en: 'Your session has ended, please log in again',
    fr: 'Votre session a pris fin, veuillez vous reconnecter',
  },
  loginFailed: {
    zh: '登录失败：账号或密码错误',
    en: 'Login Failed: wrong login name or password',
    fr: 'Échec de connexion : identifiant ou mot de passe incorrect',
  },
  noAccount: {
    zh: '没有匹配的账号，请联系管理员',
    en: 'No matching account, contact the administrator',
    fr: "Aucun compte correspondant, contactez l'administrateur",
  },
  accountExists: {
    zh: '该手机号已注册',
    en: 'This phone number is already registered',
    fr: 'Ce numéro est déjà enregistré',
  },
  invalidCode: { zh: '验证码无效', en: 'Invalid verification code', fr: 'Code de vérification invalide' },
  codeTooSoon: {
    zh: '验证码发送过于频繁，请稍后再试',
    en: 'A code was sent recently, try again later',
    fr: 'Un code vient d’être envoyé, réessayez plus tard',
  },
  tryLater: { zh: '请稍后再试', en: 'Try again later', fr: 'Réessayez plus tard' },
  phoneFormat: {
    zh: '手机号或邮箱格式错误',
    en: 'Mobile or e-mail format error',
    fr: 'Format du mobile ou de l’e-mail incorrect',
  },
  passwordRule: {
    zh: '密码为6-18位数字，或字母加数字',
    en: 'Password must be 6 to 18 digits, or letters and digits',
    fr: 'Le mot de passe doit comporter 6 à 18 chiffres, ou lettres et chiffres',
  },
  passwordsNotSame: {
    zh: '两次输入的密码不一致',
    en: 'Passwords are not the same',
    fr: 'Les mots de passe ne sont pas identiques',
  },
  wrongOldPassword: { zh: '原密码错误', en: 'The old password is wrong', fr: "L'ancien mot de passe est incorrect" },
  invalidField: { zh: '字段无效', en: 'Invalid field', fr: 'Champ invalide' },
  unknownApp: { zh: '未知的应用 appid', en: 'Unknown appid', fr: 'appid inconnu' },
  badFormat: {
    zh: '仅支持 format=json',
    en: 'Only format=json is supported',
    fr: 'Seul format=json est pris en charge',
  },
  internalError: { zh: '服务器内部错误', en: 'Internal server error', fr: 'Erreur interne du serveur' },
  nulCharacter: {
    zh: '字段含有空字符 (U+0000)',
    en: 'Field contains a NUL character (U+0000)',
    fr: 'Le champ contient un caractère NUL (U+0000)',
  },
  jsonTooDeep: {
    zh: `JSON 嵌套超过 ${LIMITS.jsonDepthMax} 层`,
    en: `JSON nested more than ${LIMITS.jsonDepthMax} levels deep`,
    fr: `JSON imbriqué sur plus de ${LIMITS.jsonDepthMax} niveaux`,
  },
  holdHasChildren: {
    zh: '该单位下还有下级单位',
    en: 'This organisation still has organisations below it',
    fr: 'Cette organisation a encore des sous-organisations',
  },
  holdHasUsers: {
    zh: '该单位下还有用户',
    en: 'This organisation still has users',
    fr: 'Cette organisation a encore des utilisateurs',
  },
  holdHasDevices: {
    zh: '该单位下还有设备',
    en: 'This organisation still has devices',
    fr: 'Cette organisation a encore des appareils',
  },
  holdHasVehicles: {
    zh: '该单位下还有车辆',
    en: 'This organisation still has vehicles',
    fr: 'Cette organisation a encore des véhicules',
  },
  holdHasSims: {
    zh: '该单位下还有SIM卡',
    en: 'This organisation still has SIM cards',
    fr: 'Cette organisation a encore des cartes SIM',
  },
  // Rows of other kinds (orders, bills, catalogue entries, work orders) still name the organisation.
  holdHasRecords: {
    zh: '该单位还有关联的业务记录，不能删除',
    en: 'This organisation still has records (orders, bills, work orders) and cannot be deleted',
    fr: 'Cette organisation a encore des enregistrements (commandes, factures, bons de travail) et ne peut être supprimée',
  },
  holdCycle: {
    zh: '不能移动到自身或其下级单位',
    en: 'An organisation cannot move under itself or its own descendants',
    fr: 'Une organisation ne peut pas être déplacée sous elle-même ou ses descendants',
  },
  ownHold: {
    zh: '不能删除或移动自己所在的单位',
    en: 'You cannot remove or move your own organisation',
    fr: 'Vous ne pouvez pas supprimer ou déplacer votre propre organisation',
  },
  phoneTaken: { zh: '该手机号已被使用', en: 'This phone number is already used', fr: 'Ce numéro est déjà utilisé' },
  cannotGrant: {
    zh: '不能授予自己没有的权限',
    en: 'You cannot grant functions you do not have',
    fr: 'Vous ne pouvez pas accorder des fonctions que vous n’avez pas',
  },
  cannotChangeSelf: {
    zh: '不能修改自己的权限或删除自己',
    en: 'You cannot change your own permissions or remove yourself',
    fr: 'Vous ne pouvez pas modifier vos propres permissions ni vous supprimer',
  },
  superAdminProtected: {
    zh: '不能修改超级管理员',
    en: 'The super administrator cannot be changed here',
    fr: 'Le super administrateur ne peut pas être modifié ici',
  },
  accountTypeNotAllowed: {
    zh: '不能创建该类型的账号',
    en: 'You cannot create an account of this type',
    fr: 'Vous ne pouvez pas créer un compte de ce type',
  },
  accountExpired: {
    zh: '账号服务已到期，请联系管理员',
    en: 'This account has expired, contact the administrator',
    fr: "Ce compte a expiré, contactez l'administrateur",
  },
  // Log-in and every call outside the account's daily window (users.access_start / access_end); the detail names it.
  outsideAccessHours: {
    zh: '当前不在账号允许的登录时段内，请在规定时段内登录',
    en: 'This account may not be used at this time of day; log in within its allowed hours',
    fr: 'Ce compte ne peut pas être utilisé à cette heure ; connectez-vous pendant ses heures autorisées',
  },
  smsFailed: { zh: '发送失败，请重试', en: 'Send failed, retry', fr: "Échec de l'envoi, réessayez" },
  deviceExists: {
    zh: '该设备号已存在',
    en: 'This device ID is already registered',
    fr: 'Cet identifiant d’appareil est déjà enregistré',
  },
  tooManySelected: { zh: '选择的数量过多', en: 'Too many selected', fr: 'Trop d’éléments sélectionnés' },
  trackTooLong: {
    zh: '轨迹查询最多30天',
    en: 'A track query covers at most 30 days',
    fr: 'Une recherche de trajet couvre 30 jours au plus',
  },
  // lib/vip-gate.ts: spec section 8's text, the one answer of every VIP-only function.
  deviceVipExpired: { zh: '设备VIP已过期', en: 'Device VIP expired', fr: 'VIP de l’appareil expiré' },
  historyVipOnly: {
    zh: '免费用户可查询最近7天的历史，VIP可查询90天',
    en: 'History beyond 7 days needs VIP (90 days)',
    fr: 'L’historique au-delà de 7 jours nécessite le VIP (90 jours)',
  },
  historyTooOld: {
    zh: '超出可查询的历史范围（天）',
    en: 'Beyond the history you can query (days)',
    fr: 'Au-delà de l’historique consultable (jours)',
  },
  registrationClosed: { zh: '暂不开放注册', en: 'Registration is closed', fr: 'Les inscriptions sont fermées' },
  registerDeviceNotInStock: {
    zh: '该设备不在可注册的库存中，请核对设备号或联系服务商',
    en: 'This device is not in stock for registration: check its ID or ask your provider',
    fr: 'Cet appareil n’est pas en stock pour l’inscription : vérifiez son identifiant ou adressez-vous au fournisseur',
  },
  // sims
  importRequired: { zh: '必填', en: 'Required', fr: 'Obligatoire' },
  iccidLength: {
    zh: 'ICCID须为19或20位',
    en: 'ICCID must be 19 or 20 characters',
    fr: 'L’ICCID doit comporter 19 ou 20 caractères',
  },
  iccidDigits: {
    zh: 'ICCID须以89开头，只含数字（发卡方部分可含A–F）',
    en: 'ICCID must start with 89 and hold digits (A–F allowed in the issuer part)',
    fr: 'L’ICCID doit commencer par 89 et ne contenir que des chiffres (A–F permis dans la partie émetteur)',
  },
  iccidChecksum: { zh: 'ICCID校验位错误', en: 'ICCID check digit is wrong', fr: 'Clé de contrôle de l’ICCID erronée' },
  iccidAsNumber: {
    zh: 'ICCID被Excel存为数字，已丢失位数；请将该列设为文本格式',
    en: 'Excel stored the ICCID as a number and lost digits; format the column as Text',
    fr: 'Excel a enregistré l’ICCID comme un nombre et perdu des chiffres ; mettez la colonne au format Texte',
  },
  iccidDuplicateInFile: {
    zh: '与文件中的另一行重复，行号',
    en: 'Duplicate of another row in the file, row',
    fr: 'Doublon d’une autre ligne du fichier, ligne',
  },
  iccidExists: { zh: '该ICCID已入库', en: 'This ICCID is already stored', fr: 'Cet ICCID est déjà enregistré' },
  msisdnExists: {
    zh: '该卡号已属于另一张在用的卡',
    en: 'This MSISDN already belongs to another card in use',
    fr: 'Ce MSISDN appartient déjà à une autre carte en service',
  },
  msisdnFormat: {
    zh: '卡号须为11–13位数字，可带+86',
    en: 'MSISDN must be 11 to 13 digits, optionally with +86',
    fr: 'Le MSISDN doit comporter 11 à 13 chiffres, éventuellement avec +86',
  },
  imsiFormat: { zh: 'IMSI须为15位数字', en: 'IMSI must be 15 digits', fr: 'L’IMSI doit comporter 15 chiffres' },
  packageUnknown: { zh: '套餐不存在', en: 'Unknown package', fr: 'Forfait inconnu' },
  packageCarrier: {
    zh: '套餐不属于供应商的运营商',
    en: "The package belongs to another carrier than the supplier's",
    fr: 'Le forfait appartient à un autre opérateur que celui du fournisseur',
  },
  cardTypeUnknown: { zh: '卡类型不存在', en: 'Unknown card type', fr: 'Type de carte inconnu' },
  cardTypeCarrier: {
    zh: '卡类型不属于供应商的运营商',
    en: "The card type belongs to another carrier than the supplier's",
    fr: 'Le type de carte appartient à un autre opérateur que celui du fournisseur',
  },
  dateFormat: {
    zh: '日期格式须为YYYY-MM-DD',
    en: 'Date must be YYYY-MM-DD',
    fr: 'La date doit être au format AAAA-MM-JJ',
  },
  remarkTooLong: { zh: '备注过长，最多字符数', en: 'Remark too long, at most', fr: 'Remarque trop longue, au plus' },
  importFileType: {
    zh: '只能导入 .xlsx 或 .csv 文件',
    en: 'Only .xlsx or .csv files can be imported',
    fr: 'Seuls les fichiers .xlsx ou .csv peuvent être importés',
  },
  importUnreadable: {
    zh: '无法读取该Excel文件',
    en: 'This Excel file cannot be read',
    fr: 'Ce fichier Excel est illisible',
  },
  importNoIccidColumn: {
    zh: '第一行表头中没有ICCID列',
    en: 'The header row has no ICCID column',
    fr: 'La ligne d’en-tête n’a pas de colonne ICCID',
  },
  importNoSource: {
    zh: '请提供 FileID 或 Rows 其中之一',
    en: 'Give either FileID or Rows',
    fr: 'Indiquez soit FileID soit Rows',
  },
  importEmpty: { zh: '没有可导入的数据行', en: 'No rows to import', fr: 'Aucune ligne à importer' },
  importUnpackedTooLarge: {
    zh: '表格解压后过大，上限(MB)',
    en: 'The spreadsheet is too large once unpacked, at most (MB)',
    fr: 'Le classeur est trop volumineux une fois décompressé, au plus (Mo)',
  },
  importTooManyRows: {
    zh: '一次导入的行数过多，上限',
    en: 'Too many rows in one import, at most',
    fr: 'Trop de lignes dans une importation, au plus',
  },
  importConflict: {
    zh: '部分ICCID刚被其他操作入库，请重新导入',
    en: 'Some ICCIDs were stored by someone else meanwhile; import again',
    fr: 'Certains ICCID ont été enregistrés entre-temps ; relancez l’importation',
  },
  importPackageCarrier: {
    zh: 'PackageID 不属于供应商的运营商',
    en: "PackageID belongs to another carrier than the supplier's",
    fr: 'PackageID appartient à un autre opérateur que celui du fournisseur',
  },
  importCardTypeCarrier: {
    zh: 'CardTypeID 不属于供应商的运营商',
    en: "CardTypeID belongs to another carrier than the supplier's",
    fr: 'CardTypeID appartient à un autre opérateur que celui du fournisseur',
  },
  uploadRequired: {
    zh: '请在 file 字段上传一个文件',
    en: 'Send one file in the field "file"',
    fr: 'Envoyez un fichier dans le champ « file »',
  },
  uploadQuota: {
    zh: '未导入的上传文件过多，请先导入或等待其过期，上限',
    en: 'Too many uploaded files not yet imported; import them or wait for them to expire, at most',
    fr: 'Trop de fichiers téléversés pas encore importés ; importez-les ou attendez leur expiration, au plus',
  },
  uploadTooLarge: {
    zh: '文件过大，上限(MB)',
    en: 'The file is too large, at most (MB)',
    fr: 'Le fichier est trop volumineux, au plus (Mo)',
  },
  outboundNoSims: {
    zh: '请提供 SimIDs 或 ICCIDFrom/ICCIDTo 其中之一',
    en: 'Give either SimIDs or ICCIDFrom and ICCIDTo',
    fr: 'Indiquez soit SimIDs soit ICCIDFrom et ICCIDTo',
  },
  outboundRange: {
    zh: 'ICCIDFrom 与 ICCIDTo 须长度相同且起始不大于结束',
    en: 'ICCIDFrom and ICCIDTo must have the same length, from not after to',
    fr: 'ICCIDFrom et ICCIDTo doivent avoir la même longueur, le début avant la fin',
  },
  outboundTooMany: {
    zh: '一次出库的SIM卡过多，上限',
    en: 'Too many SIMs in one outbound, at most',
    fr: 'Trop de cartes SIM dans une sortie, au plus',
  },
  outboundOwnHold: {
    zh: '不能出库到自己所在的单位',
    en: 'You cannot ship SIMs to your own organisation',
    fr: 'Vous ne pouvez pas expédier des cartes SIM à votre propre organisation',
  },
  outboundAlreadyThere: {
    zh: '这些卡已在该单位',
    en: 'These SIMs are already in that organisation',
    fr: 'Ces cartes SIM sont déjà dans cette organisation',
  },
  outboundBusy: {
    zh: '这些卡有审核中的工单',
    en: 'These SIMs have an order under review',
    fr: 'Ces cartes SIM ont un ordre de travail en cours d’examen',
  },
  outboundCancelled: {
    zh: '这些卡已销户',
    en: 'These SIMs are cancelled',
    fr: 'Ces cartes SIM sont résiliées',
  },
  fileNotReady: {
    zh: '文件尚未生成或生成失败',
    en: 'The file is not ready or failed',
    fr: 'Le fichier n’est pas prêt ou a échoué',
  },
  simExportName: { zh: 'SIM卡列表', en: 'SIM cards', fr: 'Cartes SIM' },
} as const satisfies MessageCatalogue;

export type MessageKey = keyof typeof CORE_MESSAGES | keyof ModuleMessageKeys;

const catalogue = new Map<string, Record<Language, string>>(Object.entries(CORE_MESSAGES));

/** Adds a module's messages (its registration does this); a key may not mean two things. */
export function registerMessages(messages: MessageCatalogue): void {
  for (const [key, texts] of Object.entries(messages)) {
    const known = catalogue.get(key);
    if (known && known !== texts) throw new Error(`message '${key}' is registered twice`);
    catalogue.set(key, texts);
  }
}

/** The key's text in `lang`; an unregistered key answers as itself rather than failing the reply. */
export function message(key: MessageKey, lang: Language): string {
  return catalogue.get(key)?.[lang] ?? key;
}

/** Picks zh, en or fr from the console's `lang` query or the Accept-Language header. */
export function pickLanguage(queryLang: unknown, acceptLanguage: string | undefined): Language {
  const candidates = [typeof queryLang === 'string' ? queryLang : '', ...(acceptLanguage ?? '').split(',')];
  for (const c of candidates) {
    const tag = c.trim().slice(0, 2).toLowerCase();
    if (tag === 'zh' || tag === 'en' || tag === 'fr') return tag;
  }
  return 'zh';
}

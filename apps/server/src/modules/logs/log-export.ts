import type { OperationRow, VisitorRow } from '@lodestar/contract/logs';
import type { Language } from '@lodestar/domain';
import type { ColumnSpec, Texts } from '../../lib/list-export.ts';

/**
 * The operation log stores an action key (`addUser`); the console's log page names it from its
 * locale files (accounts.json, log.actions), and the export must name it the same way. Kept equal
 * to those files by log-export.test.ts.
 */
export const ACTION_TEXT: Record<string, Texts> = {
  addUser: { zh: '新增账号', en: 'Add account', fr: 'Ajout de compte' },
  modifyUser: { zh: '修改账号', en: 'Edit account', fr: 'Modification de compte' },
  removeUser: { zh: '删除账号', en: 'Delete account', fr: 'Suppression de compte' },
  setUserFuns: { zh: '设置权限', en: 'Set permissions', fr: 'Attribution des permissions' },
  changePassword: { zh: '修改密码', en: 'Change password', fr: 'Changement de mot de passe' },
  retrievePassword: { zh: '找回密码', en: 'Password recovery', fr: 'Récupération du mot de passe' },
  register: { zh: '注册', en: 'Registration', fr: 'Inscription' },
  addHold: { zh: '新增客户', en: 'Add customer', fr: 'Ajout de client' },
  modifyHold: { zh: '修改客户', en: 'Edit customer', fr: 'Modification de client' },
  moveHold: { zh: '迁移客户', en: 'Move customer', fr: 'Déplacement de client' },
  removeHold: { zh: '删除客户', en: 'Delete customer', fr: 'Suppression de client' },
  addEnterprise: { zh: '新增企业', en: 'Add enterprise', fr: 'Ajout d’entreprise' },
  modifyEnterprise: { zh: '编辑企业', en: 'Edit enterprise', fr: 'Modification d’entreprise' },
  removeEnterprise: { zh: '删除企业', en: 'Delete enterprise', fr: 'Suppression d’entreprise' },
  addDevice: { zh: '新增设备', en: 'Add device', fr: 'Ajout d’appareil' },
  modifyDevice: { zh: '修改设备', en: 'Edit device', fr: 'Modification d’appareil' },
  removeDevice: { zh: '删除设备', en: 'Delete device', fr: 'Suppression d’appareil' },
  moveDevice: { zh: '迁移设备', en: 'Move device', fr: 'Déplacement d’appareil' },
  moveVehicle: { zh: '迁移车辆', en: 'Move vehicle', fr: 'Déplacement de véhicule' },
  moveSim: { zh: '迁移SIM卡', en: 'Move SIM', fr: 'Déplacement de SIM' },
  releaseAlarm: { zh: '解除报警', en: 'Release alarm', fr: 'Levée d’alarme' },
  addOperator: { zh: '新增运营商', en: 'Add carrier', fr: 'Ajout d’opérateur' },
  modifyOperator: { zh: '修改运营商', en: 'Edit carrier', fr: 'Modification d’opérateur' },
  removeOperator: { zh: '删除运营商', en: 'Delete carrier', fr: 'Suppression d’opérateur' },
  addCardType: { zh: '新增卡类型', en: 'Add card type', fr: 'Ajout de type de carte' },
  modifyCardType: { zh: '修改卡类型', en: 'Edit card type', fr: 'Modification de type de carte' },
  removeCardType: { zh: '删除卡类型', en: 'Delete card type', fr: 'Suppression de type de carte' },
  addPackage: { zh: '新增套餐', en: 'Add package', fr: 'Ajout de forfait' },
  modifyPackage: { zh: '修改套餐', en: 'Edit package', fr: 'Modification de forfait' },
  removePackage: { zh: '删除套餐', en: 'Delete package', fr: 'Suppression de forfait' },
  addSupplier: { zh: '新增供应商', en: 'Add supplier', fr: 'Ajout de fournisseur' },
  modifySupplier: { zh: '修改供应商', en: 'Edit supplier', fr: 'Modification de fournisseur' },
  removeSupplier: { zh: '删除供应商', en: 'Delete supplier', fr: 'Suppression de fournisseur' },
  importSims: { zh: 'SIM卡入库', en: 'SIM import', fr: 'Import de SIM' },
  importVehicles: { zh: '批量导入车辆', en: 'Vehicle import', fr: 'Import de véhicules' },
  importDevices: { zh: '批量导入设备', en: 'Device import', fr: 'Import d’appareils' },
  simOutbound: { zh: 'SIM卡出库', en: 'SIM outbound', fr: 'Sortie de SIM' },
  addWorkFlow: { zh: '提交工单', en: 'Work order request', fr: 'Demande d’ordre de travail' },
  checkWorkFlow: { zh: '审核工单', en: 'Work order review', fr: 'Examen d’ordre de travail' },
  sendSms: { zh: '发送短信', en: 'Send SMS', fr: 'Envoi de SMS' },
  buySmsPack: { zh: '购买短信包', en: 'Buy SMS pack', fr: 'Achat de pack SMS' },
  uploadSupplierBill: { zh: '上传供应商账单', en: 'Upload supplier bill', fr: 'Dépôt de facture fournisseur' },
  confirmSupplierReconciliation: {
    zh: '确认供应商对账',
    en: 'Confirm supplier reconciliation',
    fr: 'Validation du rapprochement fournisseur',
  },
  generateCustomerBills: { zh: '生成客户账单', en: 'Generate customer bills', fr: 'Génération des factures clients' },
  setCustomerBillPaid: { zh: '客户账单标记已付', en: 'Mark customer bill paid', fr: 'Facture client marquée payée' },
  activateDevice: { zh: '激活设备', en: 'Activate device', fr: "Activer l'appareil" },
  lockDevice: {
    zh: '锁车（断油断电）',
    en: 'Lock vehicle (cut fuel/power)',
    fr: 'Verrouiller le véhicule (couper carburant/alimentation)',
  },
  unlockDevice: {
    zh: '解锁（恢复油电）',
    en: 'Unlock vehicle (restore fuel/power)',
    fr: 'Déverrouiller le véhicule (rétablir carburant/alimentation)',
  },
  setVehicleLifeStatus: {
    zh: '修改车辆状态',
    en: 'Change vehicle life status',
    fr: 'Changer le cycle de vie du véhicule',
  },
  addVehicle: { zh: '新增车辆', en: 'Add vehicle', fr: 'Ajout de véhicule' },
  modifyVehicle: { zh: '修改车辆', en: 'Edit vehicle', fr: 'Modification de véhicule' },
  removeVehicle: { zh: '删除车辆', en: 'Delete vehicle', fr: 'Suppression de véhicule' },
  bindVehicleDevices: { zh: '车辆绑定设备', en: 'Bind devices to vehicle', fr: 'Liaison d’appareils au véhicule' },
  addFence: { zh: '添加电子围栏', en: 'Add geo-fence', fr: 'Ajouter une géoclôture' },
  modifyFence: { zh: '修改电子围栏', en: 'Edit geo-fence', fr: 'Modifier une géoclôture' },
  removeFence: { zh: '删除电子围栏', en: 'Delete geo-fence', fr: 'Supprimer une géoclôture' },
  bindFenceDevices: {
    zh: '电子围栏绑定设备',
    en: 'Bind devices to geo-fence',
    fr: 'Lier des appareils à une géoclôture',
  },
  unbindFenceDevices: {
    zh: '电子围栏解绑设备',
    en: 'Unbind devices from geo-fence',
    fr: 'Délier des appareils d’une géoclôture',
  },
  addRoad: { zh: '添加路线', en: 'Add road', fr: 'Ajouter un itinéraire' },
  modifyRoad: { zh: '修改路线', en: 'Edit road', fr: 'Modifier un itinéraire' },
  removeRoad: { zh: '删除路线', en: 'Delete road', fr: 'Supprimer un itinéraire' },
  bindRoadDevices: { zh: '路线绑定设备', en: 'Bind devices to road', fr: 'Lier des appareils à un itinéraire' },
  unbindRoadDevices: { zh: '路线解绑设备', en: 'Unbind devices from road', fr: 'Délier des appareils d’un itinéraire' },
  addPoi: { zh: '添加兴趣点', en: 'Add point', fr: 'Ajouter un point' },
  modifyPoi: { zh: '修改兴趣点', en: 'Edit point', fr: 'Modifier un point' },
  removePoi: { zh: '删除兴趣点', en: 'Delete point', fr: 'Supprimer un point' },
  setFullFunction: { zh: '设置全功能型号', en: 'Set full-function model', fr: 'Définir un modèle complet' },
  walletGift: { zh: '赠送VPoint', en: 'Gift VPoints', fr: 'Don de VPoints' },
  vipSetPrices: { zh: '设置VIP价格', en: 'Set VIP prices', fr: 'Prix VIP fixés' },
  vipUpgrade: { zh: '升级VIP', en: 'Upgrade VIP', fr: 'Passage en VIP' },
  addNotice: { zh: '发布公告', en: 'Publish notice', fr: 'Publication d’avis' },
  modifyNotice: { zh: '修改公告', en: 'Edit notice', fr: 'Modification d’avis' },
  removeNotice: { zh: '删除公告', en: 'Delete notice', fr: 'Suppression d’avis' },
  setBranding: { zh: '设置标题与Logo', en: 'Set title and logo', fr: 'Définition du titre et du logo' },
};

/** An action with no text yet shows its key, as the log page does. */
export const actionText = (action: string, lang: Language) => ACTION_TEXT[action]?.[lang] ?? action;

/** The log page's columns, in its order. */
export const OPERATION_COLUMNS: ColumnSpec<OperationRow>[] = [
  [{ zh: '时间', en: 'Time', fr: 'Heure' }, 20, (r) => r.CreateTime],
  [{ zh: '操作人', en: 'User', fr: 'Utilisateur' }, 14, (r) => r.UserName],
  [{ zh: '单位', en: 'Unit', fr: 'Unité' }, 20, (r) => r.HoldName],
  [{ zh: '操作', en: 'Action', fr: 'Action' }, 18, (r, l) => actionText(r.Action, l)],
  [{ zh: '详情', en: 'Detail', fr: 'Détail' }, 48, (r) => r.Detail],
  [{ zh: 'IP地址', en: 'IP address', fr: 'Adresse IP' }, 16, (r) => r.Ip],
];

export const OPERATION_EXPORT_NAME = { zh: '操作日志', en: 'Operation log', fr: "Journal d'opérations" };

/** A log-in's result as the visitor log page names it (the console's accounts.json, visitor.results; log-export.test.ts keeps them equal). */
export const RESULT_TEXT: Record<string, Texts> = {
  success: { zh: '成功', en: 'Success', fr: 'Réussie' },
  failed: { zh: '失败', en: 'Failed', fr: 'Échouée' },
  expired: { zh: '账号已过期', en: 'Account expired', fr: 'Compte expiré' },
  outsideHours: { zh: '不在登录时段', en: 'Outside log-in hours', fr: 'Hors des heures de connexion' },
};

/** The visitor log page's columns, in its order. */
export const VISITOR_COLUMNS: ColumnSpec<VisitorRow>[] = [
  [{ zh: '时间', en: 'Time', fr: 'Heure' }, 20, (r) => r.CreateTime],
  [{ zh: '用户', en: 'User', fr: 'Utilisateur' }, 14, (r) => r.UserName],
  [{ zh: '手机号', en: 'Phone', fr: 'Téléphone' }, 16, (r) => r.Phone],
  [{ zh: '结果', en: 'Result', fr: 'Résultat' }, 10, (r, l) => RESULT_TEXT[r.Result]?.[l] ?? r.Result],
  [{ zh: 'IP地址', en: 'IP address', fr: 'Adresse IP' }, 16, (r) => r.Ip],
  [{ zh: '浏览器', en: 'Browser', fr: 'Navigateur' }, 48, (r) => r.UserAgent],
];

export const VISITOR_EXPORT_NAME = { zh: '访客日志', en: 'Visitor log', fr: 'Journal des visiteurs' };

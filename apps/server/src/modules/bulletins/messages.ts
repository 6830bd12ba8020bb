import type { MessageCatalogue } from '../../lib/messages.ts';

/** The notice and branding calls' server messages (registered by the module). */
export const BULLETINS_MESSAGES = {
  bulletinBodyEmpty: {
    zh: '公告内容不能为空（脚本等不允许的内容已被移除）',
    en: 'The notice has no text left (scripts and other disallowed content are removed)',
    fr: "L'avis ne contient plus de texte (les scripts et autres contenus interdits sont retirés)",
  },
  bulletinRemoved: {
    zh: '公告已删除，不能再编辑',
    en: 'The notice was removed and can no longer be edited',
    fr: "L'avis a été supprimé et ne peut plus être modifié",
  },
  brandingLogoNotPng: {
    zh: 'Logo须为PNG图片',
    en: 'The logo must be a PNG image',
    fr: 'Le logo doit être une image PNG',
  },
  brandingLogoSize: {
    zh: 'Logo须为40×40像素',
    en: 'The logo must be 40 × 40 pixels',
    fr: 'Le logo doit mesurer 40 × 40 pixels',
  },
  brandingConfirmWord: {
    zh: '修改所有下级的标题或Logo须输入确认词',
    en: "Type the confirm word to change every subordinate unit's title or logo",
    fr: 'Saisissez le mot de confirmation pour modifier le titre ou le logo de toutes les unités subordonnées',
  },
} satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof BULLETINS_MESSAGES, true> {}
}

/**
 * 删除 in the site list. A module of its own, not BuilderMessages: a module is all in one chunk,
 * and these texts then ride only with the site list's page instead of with every first page.
 */
export const SiteDeletionMessages = {
  succeeded: '网站已删除',
  /** A published site: its link goes through 下线, which the owner chooses on purpose. */
  published: '该网站已发布，请先下线再删除',
  /** A site an operator took down: the page and its record stay for the review. */
  takenDown: '该网站已被运营人员下线，不能删除；如需恢复请修改内容后申请复审',
} as const;

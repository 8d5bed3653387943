import { Messages } from '../../../contract/messages';
import { OperatorLimits, type AccountRole, type ConsoleUserDetail, type ConsoleUserList } from '../../../contract/operators';
import type { Sql } from '../../db/connection';
import { invalid } from '../../http/envelope';
import type { UserRepository, UserRow } from '../auth/repository';
import type { AccountsRepository } from './accountsRepository';
import type { OperatorLog } from './operatorLog';
import type { StorageQuota } from '../storageQuota/storageQuota';

export interface AccountsConsoleDeps {
  sql: Sql;
  users: UserRepository;
  accounts: AccountsRepository;
  log: OperatorLog;
  /** A published site's link, for the console to open. */
  publishedLink(slug: string): string;
  storage: Pick<StorageQuota, 'usage'>;
}

const target = (id: number) => `user:${id}`;

/**
 * The console's 用户 page: find an account, see what it made, stop it (its tokens die at once on
 * every server, since each request reads the account) and let it back in, and make or unmake an
 * operator. Each change and its log line are one transaction.
 */
export class AccountsConsole {
  constructor(private readonly deps: AccountsConsoleDeps) {}

  list(q: string, page: number): Promise<ConsoleUserList> {
    return this.deps.accounts.page(q.trim(), page, OperatorLimits.pageSize);
  }

  async detail(id: number): Promise<ConsoleUserDetail> {
    const { accounts, publishedLink } = this.deps;
    const user = await accounts.user(id);
    if (!user) throw invalid(Messages.userNotFound);
    const [works, sites, published, storage] = await Promise.all([accounts.works(id), accounts.sites(id), accounts.published(id, publishedLink), this.deps.storage.usage(id)]);
    return { user, works, sites, published, storage };
  }

  async disable(operator: UserRow, id: number, reason: string): Promise<void> {
    const why = reason.trim();
    if (!why) throw invalid(Messages.disableReasonRequired);
    if (why.length > OperatorLimits.reasonMaxLength) throw invalid(`停用原因不能超过 ${OperatorLimits.reasonMaxLength} 个字`);
    if (id === operator.id) throw invalid(Messages.cannotDisableSelf);
    await this.change(operator, id, 'user.disable', async (users, before) => {
      await users.disable(id, why);
      return { before: { disabledReason: before.disabled_reason ?? '' }, after: { disabledReason: why } };
    });
  }

  async enable(operator: UserRow, id: number): Promise<void> {
    await this.change(operator, id, 'user.enable', async (users, before) => {
      await users.enable(id);
      return { before: { disabledReason: before.disabled_reason ?? '' }, after: { disabledReason: '' } };
    });
  }

  async setRole(operator: UserRow, id: number, role: AccountRole): Promise<void> {
    if (id === operator.id && role !== 'operator') throw invalid(Messages.cannotDemoteSelf);
    await this.change(operator, id, 'user.role', async (users, before) => {
      await users.setRole(id, role);
      return { before: { role: before.role }, after: { role } };
    });
  }

  private async change(
    operator: UserRow,
    id: number,
    action: string,
    apply: (users: UserRepository, before: UserRow) => Promise<{ before: unknown; after: unknown }>,
  ): Promise<void> {
    const { sql, users, log } = this.deps;
    await sql.transaction().execute(async (trx) => {
      const before = await users.in(trx).byId(id);
      if (!before) throw invalid(Messages.userNotFound);
      const change = await apply(users.in(trx), before);
      await log.record({ id: operator.id, name: operator.name }, { action, target: target(id), ...change }, trx);
    });
  }
}

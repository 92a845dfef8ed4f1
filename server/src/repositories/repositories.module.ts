import { Global, Module } from '@nestjs/common';
import { Transactions } from '#server/database/transactions';
import { DepartmentsRepository } from './departments.repository';

/**
 * The data access of server and worker alike: every repository, and the transactions their methods
 * join. Global, so a feature module or worker service only injects what it uses.
 */
const REPOSITORIES = [Transactions, DepartmentsRepository];

@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}

// The commit of one action on any StoreBackend is commit.ts's applyAndCommit (GameStore calls it on
// SQLite and PostgreSQL alike); these names stay for the PostgreSQL tests and bench that use them.
export { applyAndCommit as applyAndCommitAsync, type CommitContext as AsyncCommitContext } from './commit.js';

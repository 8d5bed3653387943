/**
 * Frozen: the SQLite migrations as they were written before the schema's history was written once
 * for both databases (src/server/db/migrations/). Tests build a database of that time with them and
 * check that today's server adopts it. Never edited.
 */
import type { Db } from '../../../../src/server/db/database';

/**
 * Ordered schema changes; the index + 1 is the `PRAGMA user_version` after it ran. Never edit a
 * migration that has shipped: append a new one.
 */
export const LEGACY_SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    -- NULL for an account made by QR login that has not bound a phone yet.
    mobile TEXT UNIQUE,
    -- NULL for an account made with a phone number.
    openid TEXT UNIQUE,
    -- argon2id PHC string; NULL until a QR account sets a password.
    password_hash TEXT,
    -- Bumped by logout and password changes: tokens carry it and die when it moves on.
    token_version INTEGER NOT NULL DEFAULT 0,
    invite TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );

  -- Rate limits and login throttling: one row per event, counted over a sliding window.
  CREATE TABLE rate_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX rate_events_scope_key_at ON rate_events (scope, key, at);
  CREATE INDEX rate_events_at ON rate_events (at);

  -- Graphic captchas. The answer is kept in clear: four characters gain nothing from a hash.
  CREATE TABLE captchas (
    id TEXT PRIMARY KEY,
    answer TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'passed')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );

  -- One live SMS code per phone and purpose; a new send replaces it.
  CREATE TABLE sms_codes (
    phone TEXT NOT NULL,
    purpose TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    wrong_tries INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (phone, purpose)
  );

  -- Written by the local SMS provider in development and test mode only, for tests to read.
  CREATE TABLE sms_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL,
    code TEXT NOT NULL,
    purpose TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE qr_tickets (
    ticket TEXT PRIMARY KEY,
    status TEXT NOT NULL CHECK (status IN ('waiting', 'scanned', 'confirmed')),
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );

  CREATE TABLE operate_logs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    path TEXT NOT NULL,
    query TEXT NOT NULL,
    remark TEXT NOT NULL,
    ip TEXT NOT NULL,
    screen_size TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX operate_logs_created_at ON operate_logs (created_at);

  CREATE TABLE site_config (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );

  CREATE TABLE video_tutorials (
    type TEXT PRIMARY KEY,
    url TEXT NOT NULL
  );
  `,
  `
  -- The render queue (DESIGN.md sections 6 and 8). One row per job identity (a hash of kind,
  -- styles, texts and renderer version): equal requests share it, and a failed or expired job is
  -- queued anew in the same row with a new sequence number.
  CREATE TABLE render_jobs (
    id TEXT PRIMARY KEY,
    -- FIFO order of the queue; unique, only ever grows.
    seq INTEGER NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    -- The render spec as JSON (styles and texts).
    input TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'expired')),
    -- Claims so far; a stalled job (lease lapsed) is run again until this reaches the limit.
    attempts INTEGER NOT NULL DEFAULT 0,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    -- JSON array of the file names in DATA_DIR/generated/<id>/ once done.
    files TEXT NOT NULL DEFAULT '[]',
    -- The user-facing failure message.
    error TEXT NOT NULL DEFAULT '',
    queued_at INTEGER NOT NULL,
    -- Last create, poll or reuse: unpolled queued jobs expire, old results are deleted after it.
    touched_at INTEGER NOT NULL,
    started_at INTEGER,
    finished_at INTEGER,
    -- A running job's claim holds until then; the worker renews it while it renders.
    lease_until INTEGER,
    render_ms INTEGER,
    wait_ms INTEGER
  );
  CREATE INDEX render_jobs_status_seq ON render_jobs (status, seq);
  CREATE INDEX render_jobs_history ON render_jobs (kind, status, finished_at);
  CREATE INDEX render_jobs_status_touched ON render_jobs (status, touched_at);
  `,
  `
  -- Mini sites (DESIGN.md section 5): the folder DATA_DIR/sites/<dir>/ and who made it, so that only
  -- its creator may download it. Rows and folders are deleted together by housekeeping.
  CREATE TABLE mini_sites (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- 32 lowercase hex characters, made by the server.
    dir TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    template_id INTEGER NOT NULL,
    -- The game's name as the user typed it (the zip's folder and file are named after it).
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX mini_sites_user ON mini_sites (user_id, created_at);
  CREATE INDEX mini_sites_created_at ON mini_sites (created_at);
  `,
  `
  -- Builder sites (spec section 3, "Site record"; DESIGN.md section 5): the chosen component template
  -- of every type and the value of every field, as JSON, owned by one user. The preview is rendered
  -- to DATA_DIR/sites/<dir>/ (served at /sites/<dir>/); a completion renders the final folder and
  -- its zip. Kept until the user is deleted: unlike mini sites, a builder site is the user's work.
  CREATE TABLE builder_sites (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The main tab's web_name field, for the site list and the zip's name.
    web_name TEXT NOT NULL,
    -- 1 editing, 2 completed (spec section 4).
    status INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
    -- JSON {type: template id} of every component type.
    selected TEXT NOT NULL,
    -- JSON {type: {field key: value}}.
    form_data TEXT NOT NULL,
    -- 32 lowercase hex characters, made by the server: the preview folder.
    dir TEXT NOT NULL UNIQUE,
    -- Bumped by every preview render: the preview URL's ?v=, so that a frame reloads.
    revision INTEGER NOT NULL DEFAULT 0,
    -- The zip of the last completion ('' before one): what the site list downloads.
    zip_url TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX builder_sites_user_updated ON builder_sites (user_id, updated_at);

  -- Banners a user asked the builder for (render job ids): only they may poll and apply them. Equal
  -- requests share one job, so one job may belong to several users.
  CREATE TABLE builder_banner_tasks (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    task_id TEXT NOT NULL,
    -- The site it was asked for last.
    site_id INTEGER NOT NULL REFERENCES builder_sites (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, task_id)
  );
  `,
  `
  -- Times a job was found running when the server started (a kill or a crash during its render):
  -- it is queued again at once in its old place, and fails only when this passes the limit, so that
  -- a render that keeps crashing the server cannot stop it for good. Reset when the job is queued anew.
  ALTER TABLE render_jobs ADD COLUMN interruptions INTEGER NOT NULL DEFAULT 0;
  `,
  `
  -- Job ids, which are the results' URLs, were an unkeyed hash of the texts until now: anyone could
  -- work one out from a game's name and fetch the result without logging in. Ids are keyed from
  -- now on; the results made before are aged past the week results are kept, so that the
  -- housekeeping at start deletes them with their files. Those a builder site uses are marked as
  -- used just before and stay, like every other time housekeeping runs.
  UPDATE render_jobs SET touched_at = 0 WHERE status = 'done';
  `,
  `
  -- The address the job was asked for from (request.ip): a user and an address may each have only
  -- a few jobs queued or running, counted in memory and rebuilt from these rows at start. NULL for
  -- jobs queued before, which count for their user only.
  ALTER TABLE render_jobs ADD COLUMN ip TEXT;
  `,
  `
  -- The local QR provider's scanning phones. A phone proves which one it is with a random secret
  -- the server issued (in a signed cookie); only the secret's hash is kept. The openid it stands
  -- for is made apart from the secret and stays a public id, as the spec shows it. The old
  -- wx_openid cookie, which anyone could set to anyone's openid, is no longer read.
  CREATE TABLE qr_devices (
    secret_hash TEXT PRIMARY KEY,
    openid TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL
  );

  -- The user's token_version when the phone confirmed: a logout or password change between the
  -- confirm and the computer's collecting it voids the ticket, as it voids every token.
  ALTER TABLE qr_tickets ADD COLUMN token_version INTEGER;
  `,
  `
  -- Installs seeded placeholder QQ groups (123456789...) that every header and footer showed as if
  -- they were real. Those exact values go; a group an operator set stays.
  UPDATE site_config SET value = '' WHERE (key, value) IN (
    VALUES ('qq1', '123456789'), ('qq1_link', 'https://qm.qq.com/q/123456789'),
           ('qq3', '234567890'), ('qq3_link', 'https://qm.qq.com/q/234567890'),
           ('qq4', '345678901'), ('qq4_link', 'https://qm.qq.com/q/345678901')
  );
  `,
  `
  -- Recent render times per kind and style (the logo or banner style, the builder's art provider):
  -- the progress bars' estimates. Kept apart from render_jobs, whose rows go a week after their
  -- last use, so that an estimate survives restarts and quiet weeks. Starts from the history the
  -- jobs already hold, the newest 20 of each style (renderDurations.ts keeps that many).
  CREATE TABLE render_durations (
    kind TEXT NOT NULL,
    style TEXT NOT NULL,
    finished_at INTEGER NOT NULL,
    render_ms INTEGER NOT NULL
  );
  CREATE INDEX render_durations_key ON render_durations (kind, style, finished_at);
  INSERT INTO render_durations (kind, style, finished_at, render_ms)
    SELECT kind,
           CASE kind WHEN 'fsa' THEN json_extract(input, '$.bannerStyle') WHEN 'ab' THEN json_extract(input, '$.provider') ELSE json_extract(input, '$.logoStyle') END,
           finished_at, render_ms
    FROM render_jobs
    WHERE status = 'done' AND render_ms IS NOT NULL AND finished_at IS NOT NULL;
  DELETE FROM render_durations WHERE rowid IN (
    SELECT rowid FROM (SELECT rowid, ROW_NUMBER() OVER (PARTITION BY kind, style ORDER BY finished_at DESC) AS newer FROM render_durations)
    WHERE newer > 20
  );
  `,
  `
  -- The logos and banners a user generated (the back office's 我的作品): one row per user and job.
  -- Equal requests share one job, so a job may be several users' work; render_jobs.user_id names
  -- only the last asker. A job deleted by housekeeping takes its rows with it.
  CREATE TABLE user_works (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    job_id TEXT NOT NULL REFERENCES render_jobs (id) ON DELETE CASCADE,
    -- The logo text, the work's title in the list and its zip's name.
    title TEXT NOT NULL,
    -- The last time the user asked for it: the list shows the newest first.
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, job_id)
  );
  CREATE INDEX user_works_user_created ON user_works (user_id, created_at);
  CREATE INDEX user_works_job ON user_works (job_id);
  `,
  `
  -- Kept versions of builder sites (历史版本): the selection and the form as they were at a
  -- 生成并下载, after an hour of editing, or just before a restore replaced them. The newest
  -- BUILDER_VERSIONS_PER_SITE of a site stay; the files they name are kept by housekeeping like
  -- the site's own.
  CREATE TABLE builder_site_versions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    site_id INTEGER NOT NULL REFERENCES builder_sites (id) ON DELETE CASCADE,
    reason TEXT NOT NULL CHECK (reason IN ('download', 'hourly', 'replaced')),
    web_name TEXT NOT NULL,
    selected TEXT NOT NULL,
    form_data TEXT NOT NULL,
    -- The version's first-screen picture URL ('' for none): what the list shows.
    picture TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX builder_site_versions_site ON builder_site_versions (site_id, created_at);
  `,
  `
  -- Published sites (发布): a builder site's last completion, or a mini site, copied under
  -- DATA_DIR/published/<slug>/ and served at /pub/<slug>/ until its owner takes it down. The slug
  -- (128 random bits) stays through updates, so the link people have keeps working. One of site_id
  -- (builder) and mini_site_id is set; housekeeping keeps a published mini site.
  CREATE TABLE published_sites (
    slug TEXT PRIMARY KEY,
    site_id INTEGER UNIQUE REFERENCES builder_sites (id) ON DELETE CASCADE,
    mini_site_id INTEGER UNIQUE REFERENCES mini_sites (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK ((site_id IS NULL) <> (mini_site_id IS NULL))
  );
  CREATE INDEX published_sites_user ON published_sites (user_id);
  `,
  `
  -- WeChat's unionid (QR_LOGIN_PROVIDER=wechat-mp): the same person across the service account and
  -- the other apps of its open platform, when WeChat tells it. NULL for everyone else; an index
  -- rather than a column constraint, which SQLite cannot add to an existing table.
  ALTER TABLE users ADD COLUMN unionid TEXT;
  CREATE UNIQUE INDEX users_unionid ON users (unionid);
  `,
  `
  -- An account given up when a WeChat account and a phone account were merged (绑定手机号): the
  -- account kept. The row stays, without a way to log in, so that the merge can be traced.
  ALTER TABLE users ADD COLUMN merged_into INTEGER;
  `,
];

/** Migrates a fresh file as that server did, up to version `count`: each migration with its version bump. */
export function runLegacySqliteMigrations(db: Db, count = LEGACY_SQLITE_MIGRATIONS.length): void {
  for (const [version, migration] of LEGACY_SQLITE_MIGRATIONS.slice(0, count).entries()) {
    db.transaction(() => {
      db.exec(migration);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

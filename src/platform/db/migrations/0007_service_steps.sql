-- Steps a service takes once per store, such as ingesting the bundled sample on the first
-- start, and where each stands: a step is recorded when it begins and finished only when it
-- has completed, so one that a crash interrupted is taken up again at the next start.

create table service_steps (
  step        text not null,
  started_at  timestamptz(3) not null default now(),
  -- Null until the step has completed.
  finished_at timestamptz(3),
  -- What the step did, or why it was not needed, for an operator reading the table.
  outcome     jsonb not null default '{}',
  constraint service_steps_pk primary key (step)
);

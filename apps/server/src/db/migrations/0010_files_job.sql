-- The background job that stored a file (large exports). The file, its letter and this mark commit
-- together, so a job re-run after a crash between that commit and the job's own 'done' finds its file
-- and sends nothing twice.
ALTER TABLE files ADD COLUMN job_id int UNIQUE;

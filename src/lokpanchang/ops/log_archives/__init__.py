"""Log archives: yesterday's log files gzipped with a manifest, and their upload to S3."""

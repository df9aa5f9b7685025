"""The daily_metrics table: delivery and subscriber counts per local date and zone."""

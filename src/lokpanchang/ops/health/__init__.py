"""Is everything running? Probes, the system_health_log samples and `lokpanchang status`."""

"""The weekly report: HTML with inline SVG charts, stored and optionally mailed."""

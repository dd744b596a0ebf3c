"""Maintenance tools: generated parts of the documentation."""

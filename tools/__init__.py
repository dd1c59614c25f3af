"""Helpers shared by build.py, the browser tests (e2e/) and the benchmark (bench/)."""

"""Shared test settings: a bounded, reproducible hypothesis profile.

``HYPOTHESIS_PROFILE=thorough python3 -m pytest tests`` runs the property tests
with more, random examples.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "skipbo", derandomize=True, max_examples=20, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.register_profile(
    "thorough", max_examples=300, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow], print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "skipbo"))

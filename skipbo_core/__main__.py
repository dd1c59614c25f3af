"""``python -m skipbo_core``: see ``skipbo_core.cli``."""

import sys

from .cli import main

sys.exit(main())

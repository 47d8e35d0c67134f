"""Entry point for ``python -m petteia_core``."""

import sys

from .cli import main

sys.exit(main())

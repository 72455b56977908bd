import sys
from pathlib import Path

# Run from a checkout without installing the package.
_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

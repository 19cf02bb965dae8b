import sys
from pathlib import Path

# tests import helpers (scenario_check) from this folder
sys.path.insert(0, str(Path(__file__).parent))

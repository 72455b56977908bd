"""The floor: the tables of an evening and the one write path (no Textual).

:class:`Floor` (try, commit, undo, switch) is what the podium, the command line and the
tests change tables through; :class:`TableRegistry` keeps the open tables.
"""

from .controller import Change, Floor
from .tables import TableRegistry, barred_in, new_table_path, tables_dir

__all__ = ["Change", "Floor", "TableRegistry", "barred_in", "new_table_path", "tables_dir"]

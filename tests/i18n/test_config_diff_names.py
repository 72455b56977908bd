"""The config-diff modal's refusal of a typed table name, in the modal's language."""

import re

import pytest

from floorkill.rules.config import validate_table_name
from floorkill.rules.names import NameError_
from floorkill.ui.screens.config_diff import name_problem


@pytest.mark.parametrize("bad", ["", "x" * 300, "a\u202eb", "  \t "])
def test_a_refused_table_name_is_said_in_russian_without_english_words(bad):
    with pytest.raises(NameError_) as caught:
        validate_table_name(bad)
    english = name_problem(caught.value, "en")
    russian = name_problem(caught.value, "ru")
    assert english == str(caught.value)
    assert russian.startswith("название стола: ")
    assert not re.search(r"[A-Za-z]{2,}", russian.replace("U+", "")), russian

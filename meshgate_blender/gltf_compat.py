"""Debian 12's Blender 3.4 glTF importer still uses numpy.bool, which numpy 1.24
removed (corpus_tests/blender_import.py does the same): give it back."""

import numpy


def ensure_numpy_bool():
    if "bool" not in numpy.__dict__:
        numpy.bool = bool

"""File names matching a glob pattern, named as TensorFlow's GetMatchingPaths names them.

TensorFlow lists the directory that the pattern's fixed prefix (the part before its first wildcard)
names; where that prefix holds no directory, the listing is of '.', so '*.py' and 's*/*' give
'./a.py' and './sub/y.py' while 'sub/*.py' gives 'sub/y.py'. Matches come in the directory's order.
"""
import glob

_WILDCARDS = '*?[\\'


def matches(pattern):
    """The paths matching a local ``pattern`` (no scheme), as TensorFlow spells them."""
    first = min((pattern.find(c) for c in _WILDCARDS if c in pattern), default=-1)
    found = glob.glob(pattern)
    if first < 0 or '/' in pattern[:first]:
        return found
    return ['./' + path for path in found]

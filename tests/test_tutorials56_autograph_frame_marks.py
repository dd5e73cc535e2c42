"""The marks of 'in user code' frames for frames a converted function enters without calling them by name.

TF 2.21's AutoGraph converts what converted code calls ('*'); a class's constructor and a builtin it has
no overload for (repr, str) run as they are, the frame under them marked '**'; what Python enters itself
(a property, an operator's or a subscript's dunder, print's __repr__) is not marked, nor is anything those
frames call. The extension types guide meets it: ``print('tracing', m)`` in a tf.function, with a __repr__
reading ``.numpy()``. Frames as TF 2.21 prints them (probe /work/notes/progs/tutorials56/probes/marks.py).
"""
import re

import pytest

import framework as tf


def bad(x):
    return x.numpy()


class K:
    def __init__(self, x):
        self.v = bad(x)

    def meth(self, x):
        return bad(x)

    @property
    def prop(self):
        return bad(self.x)

    def __add__(self, other):
        return bad(other)

    def __call__(self, x):
        return bad(x)

    def __repr__(self):
        return str(bad(self.x))

    def __getitem__(self, k):
        return bad(k)


def _holding(x):
    k = K.__new__(K)
    k.x = x
    return k


def _init(x):
    return K(x)


def _meth(x):
    return K.__new__(K).meth(x)


def _prop(x):
    k = _holding(x)
    return k.prop


def _add(x):
    return K.__new__(K) + x


def _call(x):
    return K.__new__(K)(x)


def _repr(x):
    k = _holding(x)
    return repr(k)


def _print(x):
    k = _holding(x)
    print(k)


def _getitem(x):
    return K.__new__(K)[x]


@pytest.mark.parametrize('body, frames', [
    # TF 2.21's frames after the body's own ('_init  *')
    (_init, [('__init__', '  **'), ('bad', '')]),
    (_meth, [('meth', '  *'), ('bad', '  *')]),
    (_prop, [('prop', ''), ('bad', '')]),
    (_add, [('__add__', ''), ('bad', '')]),
    (_call, [('__call__', '  *'), ('bad', '  *')]),
    (_repr, [('__repr__', '  **'), ('bad', '')]),
    (_print, [('__repr__', ''), ('bad', '')]),
    (_getitem, [('__getitem__', ''), ('bad', '')]),
])
def test_frames_entered_by_python_or_builtins(body, frames):
    with pytest.raises(AttributeError) as info:
        tf.function(body)(tf.constant(1.0))
    listed = re.findall(r'File "[^"]+", line \d+, in (\S+)( +\*{1,2})?\n', str(info.value))
    assert [(name, mark) for name, mark in listed] == [(body.__name__, '  *')] + frames
    assert str(info.value).rstrip().endswith("AttributeError: 'SymbolicTensor' object has no attribute 'numpy'")

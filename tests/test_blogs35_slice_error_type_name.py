"""Python's own errors about a variable's slice name TensorFlow's C type by its module path, as TF 2.21
printed for /work/notes/progs/blogs35/p3.py (v = tf.Variable([1.0, 2.0]); s = v[0]):
    s()          -> TypeError 'tensorflow.python.framework.ops.EagerTensor' object is not callable
    s.foo        -> AttributeError 'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'foo'
    next(s)      -> TypeError 'tensorflow.python.framework.ops.EagerTensor' object is not an iterator
    with s: pass -> TypeError '...EagerTensor' object does not support the context manager protocol
    divmod(s, 2) -> TypeError unsupported operand type(s) for divmod(): '...EagerTensor' and 'int'
while type(s).__name__ stays 'EagerTensor'. tapeflow printed 'EagerTensor' in all five (CPython's tp_name
was the class's __name__). A blog program (vasteelab.com/?p=2365) calls a tensor as a function: loss().
"""
import pickle

import pytest

import framework as tf
from framework.type_text import name_in_pythons_errors

EAGER = 'tensorflow.python.framework.ops.EagerTensor'


def _slice():
    return tf.Variable([1.0, 2.0])[0]


def test_slice_keeps_its_python_name():
    assert type(_slice()).__name__ == 'EagerTensor'


@pytest.mark.parametrize('misuse, kind, text', [
    (lambda s: s(), TypeError, "'%s' object is not callable" % EAGER),
    (lambda s: s.foo, AttributeError, "'%s' object has no attribute 'foo'" % EAGER),
    (lambda s: next(s), TypeError, "'%s' object is not an iterator" % EAGER),
    (lambda s: exec('with s: pass', {'s': s}), TypeError,
     "'%s' object does not support the context manager protocol" % EAGER),
    (lambda s: divmod(s, 2), TypeError, "unsupported operand type(s) for divmod(): '%s' and 'int'" % EAGER),
])
def test_pythons_errors_name_the_module_path(misuse, kind, text):
    with pytest.raises(kind) as caught:
        misuse(_slice())
    assert str(caught.value) == text


def test_the_renamed_class_keeps_name_qualname_and_pickling():
    class Probe:
        pass
    Probe.__name__ = 'Short'
    name_in_pythons_errors(Probe, 'some.module.Short')
    assert (Probe.__name__, Probe.__qualname__) == ('Short', 'test_the_renamed_class_keeps_name_qualname_and_pickling.<locals>.Probe')
    with pytest.raises(TypeError, match=r"^'some\.module\.Short' object is not callable$"):
        Probe()()
    Probe.__name__ = 'Again'       # a later rename is Python's own again
    with pytest.raises(TypeError, match=r"^'Again' object is not callable$"):
        Probe()()
    s = _slice()
    assert float(pickle.loads(pickle.dumps(s))) == 1.0

"""tf.function refuses an unhashable Python argument as TF 2.21 does, even one that can be weakly
referenced (TF keys such objects by a weakref.ref, whose hash hashes the object)."""
import dataclasses

import pytest

import framework as tf

# Printed by TF 2.21:
#   @tf.function
#   def g(a, o): return a * 2.0
#   g(tf.ones([2]), {1, 2})
#   -> TypeError: Could not generate a generic TraceType for {1, 2}.Please verify that it is
#      immutable/hashable. Otherwise, consider implementing the Tracing Protocol for it.
# (the same for an instance of a class with __hash__ = None and of an eq=True dataclass)
_TAIL = ('.Please verify that it is immutable/hashable. Otherwise, consider implementing the '
         'Tracing Protocol for it.')


class _Unhashable:
    __hash__ = None

    def __repr__(self):
        return '<Unhashable>'


@dataclasses.dataclass
class _Point:
    x: int = 1


@dataclasses.dataclass(frozen=True)
class _FrozenPoint:
    x: int = 1


def _double():
    @tf.function
    def double(a, option):
        return a * 2.0
    return double


@pytest.mark.parametrize('value, shown', [({1, 2}, '{1, 2}'), (_Unhashable(), '<Unhashable>'),
                                          (_Point(), '_Point(x=1)'), (bytearray(b'a'), "bytearray(b'a')")])
def test_unhashable_argument_is_refused_before_tracing(value, shown):
    double = _double()
    with pytest.raises(TypeError) as info:
        double(tf.ones([2]), value)
    assert str(info.value) == 'Could not generate a generic TraceType for ' + shown + _TAIL
    assert double.experimental_get_tracing_count() == 0      # the failed call traced nothing


def test_hashable_objects_still_trace_once_per_object():
    double = _double()
    point = _FrozenPoint()
    assert double(tf.ones([2]), point).numpy().tolist() == [2.0, 2.0]
    assert double(tf.ones([2]), point).numpy().tolist() == [2.0, 2.0]
    assert double(tf.ones([2]), frozenset([1])).numpy().tolist() == [2.0, 2.0]
    assert double.experimental_get_tracing_count() == 2

"""A filter / take_while predicate returning a tuple, list or dict fails as in TF 2.21, where the traced
output structure (a tuple, a list turned into one, or a dict) is asked is_compatible_with:
    ds = tf.data.Dataset.range(6)
    list(ds.filter(lambda x: (x > 1, x > 2)))
printed by TF 2.21 (/work/notes/progs/data10/p8.py):
    AttributeError 'tuple' object has no attribute 'is_compatible_with'
Before, tapeflow packed the tuple into a (2,) tensor and raised the scalar-predicate ValueError.
"""
import pytest

import framework as tf


@pytest.mark.parametrize('stage', ['filter', 'take_while'])
@pytest.mark.parametrize('predicate, kind', [
    (lambda x: (x > 1, x > 2), 'tuple'),
    (lambda x: [x > 1], 'tuple'),
    (lambda x: (x > 1,), 'tuple'),
    (lambda x: {'a': x > 1}, 'dict'),
])
def test_structured_predicates_have_no_is_compatible_with(stage, predicate, kind):
    # (raised by the stage call itself, which traces the predicate: TF 2.21)
    with pytest.raises(AttributeError, match="^'%s' object has no attribute 'is_compatible_with'" % kind):
        getattr(tf.data.Dataset.range(6), stage)(predicate)


def test_a_scalar_bool_tensor_predicate_still_filters():
    assert [int(x) for x in tf.data.Dataset.range(6).filter(lambda x: x > 3)] == [4, 5]
    assert [int(x) for x in tf.data.Dataset.range(6).take_while(lambda x: x < 2)] == [0, 1]

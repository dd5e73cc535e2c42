"""Dataset.filter on batches: TF 2.21 refuses a predicate that returns one bool per row, naming the
traced spec, whose batch length is open: (None,) for a batch without drop_remainder, (4,) with it.
Texts printed by TF 2.21 (progs/tfdata3/q_filter.py)."""
import numpy as np
import pytest

import framework as tf

X = np.linspace(0, 1, 12).reshape(6, 2).astype('float32')
TEXT = ('Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type is '
        'TensorSpec(shape=%s, dtype=tf.%s, name=None).')


@pytest.mark.parametrize('predicate, shape', [(lambda a, b: b > 0.2, '(None,)'), (lambda a, b: a > 0.2, '(None, 2)')])
def test_a_batch_predicate_names_the_open_batch(predicate, shape):
    ds = tf.data.Dataset.from_tensor_slices((X, X[:, 0])).batch(4)
    with pytest.raises(ValueError) as caught:
        list(ds.filter(predicate))
    assert str(caught.value) == TEXT % (shape, 'bool')


def test_a_fixed_batch_and_unbatched_predicates():
    fixed = tf.data.Dataset.from_tensor_slices(X).batch(4, drop_remainder=True)
    with pytest.raises(ValueError) as caught:
        list(fixed.filter(lambda a: a[:, 0] > 0.2))
    assert str(caught.value) == TEXT % ('(4,)', 'bool')
    with pytest.raises(ValueError) as caught:
        list(tf.data.Dataset.range(5).filter(lambda a: a))
    assert str(caught.value) == TEXT % ('()', 'int64')
    with pytest.raises(ValueError) as caught:
        list(tf.data.Dataset.range(5).filter(lambda a: tf.stack([a > 1, a > 2])))
    assert str(caught.value) == TEXT % ('(2,)', 'bool')

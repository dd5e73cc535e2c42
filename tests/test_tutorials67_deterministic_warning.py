"""Dataset.map / batch / interleave given ``deterministic=`` without ``num_parallel_calls`` warn as TF 2.21 does.

Golden: TF 2.21 (tensorflow-cpu) printed the UserWarning from interleave_op.py and map_op.py (batch_op.py has
the same words), /work/notes/progs/tutorials67/dataperf.py (the tf.data performance guide's pipelines).
"""
import warnings

import pytest

import framework as tf

_WORDS = 'The `deterministic` argument has no effect unless the `num_parallel_calls` argument is specified.'


@pytest.mark.parametrize('stage', [
    lambda ds, **kw: ds.map(lambda x: x * 2, **kw),
    lambda ds, **kw: ds.batch(2, **kw),
    lambda ds, **kw: ds.interleave(lambda x: tf.data.Dataset.range(x), cycle_length=2, **kw)])
def test_deterministic_alone_warns(stage):
    ds = tf.data.Dataset.range(4)
    with pytest.warns(UserWarning) as caught:
        out = stage(ds, deterministic=True)
    assert [str(w.message) for w in caught] == [_WORDS]
    assert len(list(out)) > 0
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        stage(ds)
        stage(ds, deterministic=False, num_parallel_calls=tf.data.AUTOTUNE)
        stage(ds, num_parallel_calls=2)


def test_the_values_are_unchanged():
    with pytest.warns(UserWarning):
        ds = tf.data.Dataset.from_tensor_slices([1, 2, 3]).map(lambda x: x * 2, deterministic=True)
    assert list(ds.as_numpy_iterator()) == [2, 4, 6]

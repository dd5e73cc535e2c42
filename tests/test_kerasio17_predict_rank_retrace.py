"""predict on a batch of another rank than its latest trace's: TF 2.21 retraces predict's step
(reduce_retracing) on an input of unknown rank, which Keras 3's models refuse with ValueError.

Golden behaviour from TF 2.21 + Keras 3 (progs/kerasio17/d5.py, d6.py, p2_3dcls.py: keras.io's 3D image
classification predicts one scan without its channel axis, a second predict with it then fails)."""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers
from layers.training.step_traces import relax


def _functional():
    inputs = keras.Input((6, 1))
    return keras.Model(inputs, layers.Dense(1)(inputs))


def test_relax_makes_another_rank_unknown():
    assert relax(((1, 6, 1),), ((2, 6),)) == (None,)
    assert relax(((1, 6, 1),), ((2, 6, 1),)) == ((None, 6, 1),)
    assert relax((None,), ((2, 6, 1),)) == (None,)
    assert relax(((1, 6),), ((1, 6), (1,))) == ((1, 6), (1,))     # another structure: taken whole


def test_functional_predict_fails_on_a_rank_change_and_recovers():
    model = _functional()
    # as TF 2.21: (1, 6, 1) traces; (2, 6) retraces on unknown rank and fails in the input check; the
    # failed trace is dropped, so (3, 6, 1) relaxes against (1, 6, 1) and runs; (5, 6) fails again
    assert model.predict(np.zeros((1, 6, 1)), verbose=0).shape == (1, 6, 1)
    with pytest.raises(ValueError, match=r'^as_list\(\) is not defined on an unknown TensorShape\.$'):
        model.predict(np.zeros((2, 6)), verbose=0)
    assert model.predict(np.zeros((3, 6, 1)), verbose=0).shape == (3, 6, 1)
    assert model.predict(np.zeros((3, 6, 1)), verbose=0).shape == (3, 6, 1)
    with pytest.raises(ValueError, match='unknown TensorShape'):
        model.predict(np.zeros((5, 6)), verbose=0)


def test_functional_predict_on_batch_rank_change():
    model = _functional()
    assert model.predict_on_batch(np.zeros((2, 6, 1))).shape == (2, 6, 1)
    with pytest.raises(ValueError, match='unknown TensorShape'):
        model.predict_on_batch(np.zeros((2, 6)))


def test_unknown_rank_trace_prints_no_shape_and_serves_every_rank(capsys):
    class Twice(keras.Model):
        def call(self, x):
            print('traced', x)
            return x * 2.0

    model = Twice()
    # TF 2.21 (progs/kerasio17/d7.py): the second trace has an unknown rank, so TF's repr leaves the
    # shape out, and that trace serves the later ranks without tracing again
    for shape in [(1, 6, 1), (2, 6), (3, 4), (3, 4, 1, 1)]:
        assert model.predict(np.ones(shape, 'float32'), verbose=0).shape == shape
    assert capsys.readouterr().out.splitlines() == [
        'traced Tensor("data:0", shape=(1, 6, 1), dtype=float32)',
        'traced Tensor("data:0", dtype=float32)']


def test_one_rank_throughout_and_eager_calls_still_run():
    model = _functional()
    # the first predict may take the short rank (Keras adds the last axis); only a later rank change fails
    assert model.predict(np.zeros((1, 6)), verbose=0).shape == (1, 6, 1)
    assert model.predict(np.zeros((4, 6)), verbose=0).shape == (4, 6, 1)
    # direct calls trace nothing: both ranks run
    assert tuple(model(np.zeros((2, 6, 1))).shape) == (2, 6, 1)
    assert tuple(model(np.zeros((2, 6))).shape) == (2, 6, 1)
    eager = _functional()
    eager.compile(run_eagerly=True)
    eager.predict(np.zeros((1, 6, 1)), verbose=0)
    assert eager.predict(np.zeros((2, 6)), verbose=0).shape == (2, 6, 1)

"""Bidirectional.compute_mask as Keras 3's on TF 2.21: tuples for merge_mode=None, no state masks (its __call__
pairs the output masks with the first outputs), and a stateful layer with return_state fails on Keras's
generator * 2. Probes: /work/notes/progs/layers23/c13.py, c14.py, c15.py."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
MASK = np.array([[1, 1, 0], [1, 0, 0]], bool)
X = np.random.RandomState(0).randn(2, 3, 4).astype('float32')


def test_compute_mask_shapes_as_keras():
    # TF 2.21: a tuple of two masks (tapeflow: a list)
    both = L.Bidirectional(L.GRU(2, return_sequences=True), merge_mode=None).compute_mask(X, MASK)
    assert type(both) is tuple and len(both) == 2 and both[0].tolist() == MASK.tolist()
    assert L.Bidirectional(L.GRU(2), merge_mode=None).compute_mask(X, MASK) == (None, None)
    # TF 2.21: with return_state, the outputs' masks alone (tapeflow added a None per state)
    merged = L.Bidirectional(L.GRU(2, return_sequences=True, return_state=True)).compute_mask(X, MASK)
    assert merged.tolist() == MASK.tolist()
    assert L.Bidirectional(L.GRU(2, return_state=True), merge_mode=None).compute_mask(X, MASK) == (None, None)


def test_masked_calls_mark_the_first_outputs():
    masked = L.Masking()(X * MASK[..., None])
    outputs = L.Bidirectional(L.GRU(2, return_sequences=True, return_state=True), merge_mode=None)(masked)
    marks = [getattr(t, '_keras_mask', None) for t in outputs]
    assert [m is not None for m in marks] == [True, True, False, False]      # TF 2.21
    symbolic = L.Bidirectional(L.GRU(2, return_sequences=True, return_state=True))(L.Masking()(keras.Input((3, 4))))
    assert [getattr(t, '_keras_mask', None) is not None for t in symbolic] == [True, False, False]


def test_stateful_with_return_state_fails_as_keras():
    layer = L.Bidirectional(L.LSTM(2, return_state=True, stateful=True))
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for \*: 'generator' and 'int'"):
        layer(keras.Input((3, 4), batch_size=2))
    eager = L.Bidirectional(L.GRU(2, return_state=True, stateful=True))
    with pytest.raises(TypeError, match="'generator' and 'int'"):
        eager(X)
    assert eager.built and len(eager.weights) == 6       # TF 2.21: built, with its six weights
    # without return_state it runs: TF 2.21 gives (2, 4)
    assert tuple(L.Bidirectional(L.SimpleRNN(2, stateful=True))(X).shape) == (2, 4)

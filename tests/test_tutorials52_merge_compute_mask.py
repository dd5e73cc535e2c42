"""Merge layers' public compute_mask, as the masking guide's custom layers call it.

Golden values printed by TF 2.21 / Keras 3 (progs/tutorials52/mask3.py):
    a = b = np.ones((2, 3, 2)); ma = [[1, 1, 0], [1, 0, 0]]; mb = [[0, 1, 1], [1, 1, 0]] (bool)
    layers.Add().compute_mask([a, b], [ma, mb])                -> [[1, 1, 1], [1, 1, 0]]
    layers.Add().compute_mask([a, b], [ma, None])              -> None
    layers.Concatenate().compute_mask([a, b], [ma, None])      -> [[1, 1, 1], [1, 1, 1]]
    layers.Concatenate(axis=1).compute_mask([a, b], [ma, mb])  -> [[1, 1, 0, 0, 1, 1], [1, 0, 0, 1, 1, 0]]
    layers.Concatenate(axis=1).compute_mask([a, b], [ma, None])-> [[1, 1, 0, 1, 1, 1], [1, 0, 0, 1, 1, 1]]
    layers.Concatenate().compute_mask([a, b], [None, None])    -> None
    layers.Concatenate().compute_mask(a, ma) -> ValueError '`mask` should be a list. Received mask=...'
    layers.Add().compute_mask([a, b], ma)    -> ValueError '`mask` should be a list. Received: mask=...'
Before, each returned Layer's default: the list of masks unchanged.
"""
import warnings

import numpy as np
import pytest

from framework.keras import layers

A = np.ones((2, 3, 2), 'float32')
MA = np.array([[1, 1, 0], [1, 0, 0]], bool)
MB = np.array([[0, 1, 1], [1, 1, 0]], bool)


def _ints(mask):
    return None if mask is None else np.asarray(mask).astype(int).tolist()


@pytest.mark.parametrize('cls', [layers.Add, layers.Subtract, layers.Multiply, layers.Average,
                                 layers.Maximum, layers.Minimum])
def test_elementwise_merge_ors_masks(cls):
    layer = cls()
    assert _ints(layer.compute_mask([A, A], [MA, MB])) == [[1, 1, 1], [1, 1, 0]]
    assert layer.compute_mask([A, A], [MA, None]) is None
    assert layer.compute_mask([A, A], None) is None
    with pytest.raises(ValueError, match='`mask` should be a list. Received: mask='):
        layer.compute_mask([A, A], MA)
    with pytest.raises(ValueError, match='The lists `inputs` and `mask` should have the same length'):
        layer.compute_mask([A, A], [MA])


def test_concatenate_joins_masks_along_its_axis():
    assert _ints(layers.Concatenate().compute_mask([A, A], [MA, MB])) == [[1, 1, 1], [1, 1, 0]]
    assert _ints(layers.Concatenate().compute_mask([A, A], [MA, None])) == [[1, 1, 1], [1, 1, 1]]
    assert _ints(layers.Concatenate(axis=1).compute_mask([A, A], [MA, MB])) == [[1, 1, 0, 0, 1, 1],
                                                                                [1, 0, 0, 1, 1, 0]]
    assert _ints(layers.Concatenate(axis=1).compute_mask([A, A], [MA, None])) == [[1, 1, 0, 1, 1, 1],
                                                                                  [1, 0, 0, 1, 1, 1]]
    assert layers.Concatenate().compute_mask([A, A], [None, None]) is None
    with pytest.raises(ValueError, match='`mask` should be a list. Received mask='):
        layers.Concatenate().compute_mask(A, MA)


def test_propagation_unchanged_and_subclass_override_used():
    ids = np.array([[3, 4, 0], [1, 0, 0]])
    emb = layers.Embedding(10, 2, mask_zero=True)
    e = emb(ids)
    assert _ints(layers.Add()([e, e])._keras_mask) == [[1, 1, 0], [1, 0, 0]]
    assert _ints(layers.Concatenate(axis=1)([e, e])._keras_mask) == [[1, 1, 0, 1, 1, 0], [1, 0, 0, 1, 0, 0]]

    class FirstMask(layers.Add):
        def compute_mask(self, inputs, mask=None):
            return mask[0]
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        out = FirstMask()([e, layers.Embedding(10, 2, mask_zero=True)(np.array([[1, 1, 1], [1, 1, 1]]))])
    assert _ints(out._keras_mask) == [[1, 1, 0], [1, 0, 0]]
